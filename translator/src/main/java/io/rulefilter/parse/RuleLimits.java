package io.rulefilter.parse;

/**
 * Bounds on a rule, so that one bad rule cannot cost the broker unbounded memory or time.
 *
 * @param maxLength     characters (Unicode code points) in the rule text
 * @param maxConditions conditions in the rule
 * @param maxDepth      nesting of parentheses and {@code not}
 */
public record RuleLimits(int maxLength, int maxConditions, int maxDepth) {

   public static final RuleLimits DEFAULT = new RuleLimits(4096, 64, 16);

   public RuleLimits {
      requirePositive("maxLength", maxLength);
      requirePositive("maxConditions", maxConditions);
      requirePositive("maxDepth", maxDepth);
   }

   private static void requirePositive(String name, int value) {
      if (value < 1) {
         throw new IllegalArgumentException(name + " must be at least 1, was " + value);
      }
   }
}
