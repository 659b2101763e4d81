package io.rulefilter.sql;

/**
 * A rule translated into an Artemis filter (SQL-92 selector) string.
 *
 * @param filter    the filter, parseable by Artemis's {@code SelectorParser}
 * @param exactness whether Artemis's verdict on it equals the rule's ({@link Exactness#EXACT}) or only covers it
 */
public record SqlFilter(String filter, Exactness exactness) {

   public boolean isExact() {
      return exactness == Exactness.EXACT;
   }
}
