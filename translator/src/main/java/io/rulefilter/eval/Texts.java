package io.rulefilter.eval;

/** Character-sequence comparisons that work on any {@link CharSequence} without copying it. */
final class Texts {

   private Texts() {
   }

   /** True when {@code text} holds {@code part} at {@code offset}. */
   static boolean regionEquals(CharSequence text, int offset, String part) {
      if (offset < 0 || offset + part.length() > text.length()) {
         return false;
      }
      for (int i = 0; i < part.length(); i++) {
         if (text.charAt(offset + i) != part.charAt(i)) {
            return false;
         }
      }
      return true;
   }
}
