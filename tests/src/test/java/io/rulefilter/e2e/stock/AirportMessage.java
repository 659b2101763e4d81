package io.rulefilter.e2e.stock;

import io.rulefilter.RuleLanguage;

import java.util.Map;

/** A message a test publishes: its number (carried in the body, which every protocol keeps), tag and attributes. */
record AirportMessage(int seq, String tag, Map<String, String> attributes) {

   String body() {
      return "seq:" + seq;
   }

   static int seqOf(String body) {
      if (body == null || !body.startsWith("seq:")) {
         throw new IllegalArgumentException("not a test message body: " + body);
      }
      return Integer.parseInt(body.substring(4).trim());
   }

   /** Whether {@code rule} accepts this message, by RuleFilter's own evaluator: what every subscriber must get. */
   boolean acceptedBy(String rule) {
      RuleLanguage language = RuleLanguage.standard();
      return language.compile(language.parse(rule)).matches(RuleLanguage.message(tag, attributes));
   }
}
