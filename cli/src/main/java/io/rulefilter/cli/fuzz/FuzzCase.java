package io.rulefilter.cli.fuzz;

import java.util.List;

/** One fuzzing input: a rule text (valid or not) and the messages to evaluate it on. */
record FuzzCase(String rule, List<FuzzMessage> messages) {

   /** Long generated values are shown by their length, not their text. */
   static String shorten(String text) {
      return text.length() <= 80 ? text : text.substring(0, 40) + "…(" + text.length() + " characters)";
   }

   @Override
   public String toString() {
      StringBuilder out = new StringBuilder("rule: ").append(shorten(rule));
      for (FuzzMessage message : messages) {
         out.append(System.lineSeparator()).append("  message: ").append(message);
      }
      return out.toString();
   }
}
