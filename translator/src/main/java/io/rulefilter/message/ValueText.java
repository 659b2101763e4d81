package io.rulefilter.message;

/** How string operators see an attribute value: strings as they are, other values as Java prints them. */
public final class ValueText {

   private ValueText() {
   }

   /** The text of {@code value}; {@code null} for a type that has no text form here (e.g. bytes). */
   public static CharSequence of(Object value) {
      if (value instanceof CharSequence text) {
         return text;
      }
      if (value instanceof Boolean || value instanceof Long || value instanceof Integer || value instanceof Short
            || value instanceof Byte || value instanceof Double || value instanceof Float) {
         return value.toString();
      }
      return null;
   }
}
