package io.rulefilter.sql;

/** How far Artemis's verdict on a translated filter can be trusted. */
public enum Exactness {
   /** Artemis accepts exactly the messages the rule accepts. */
   EXACT,
   /** Artemis accepts every message the rule accepts, and maybe more; the rule itself must decide. */
   SUPERSET;

   Exactness and(Exactness other) {
      return this == EXACT && other == EXACT ? EXACT : SUPERSET;
   }
}
