package io.rulefilter.artemis;

import io.rulefilter.message.MessageModel;
import io.rulefilter.parse.RuleLimits;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The plugin's configuration, read from the {@code <property key value/>} entries of its {@code <broker-plugin>}.
 * An unknown key or a bad value is an error that names it, so a typo cannot silently change behaviour.
 */
public record PluginSettings(MessageModel model, RuleLimits limits, boolean routingIndex) {

   /** The property that holds the tag; default {@code JMSType} (the JMS type). */
   public static final String TAG_PROPERTY = "tag-property";
   /** Rule limits; defaults 4096, 64 and 16. */
   public static final String MAX_RULE_LENGTH = "max-rule-length";
   public static final String MAX_CONDITIONS = "max-conditions";
   public static final String MAX_DEPTH = "max-depth";
   /** Route indexed addresses through one index per address instead of a filter call per subscription; default true. */
   public static final String ROUTING_INDEX = "routing-index";

   private static final Set<String> KEYS = Set.of(TAG_PROPERTY, MAX_RULE_LENGTH, MAX_CONDITIONS, MAX_DEPTH, ROUTING_INDEX);

   public static final PluginSettings DEFAULT = new PluginSettings(MessageModel.DEFAULT, RuleLimits.DEFAULT, true);

   public static PluginSettings from(Map<String, String> properties) {
      Set<String> unknown = new TreeSet<>(properties.keySet());
      unknown.removeAll(KEYS);
      if (!unknown.isEmpty()) {
         throw new IllegalArgumentException("RuleFilter plugin: unknown propert" + (unknown.size() == 1 ? "y " : "ies ")
               + unknown + "; known: " + new TreeSet<>(KEYS));
      }
      String tag = properties.getOrDefault(TAG_PROPERTY, MessageModel.DEFAULT_TAG_PROPERTY).trim();
      if (tag.isEmpty()) {
         throw new IllegalArgumentException("RuleFilter plugin: property '" + TAG_PROPERTY + "' must not be empty");
      }
      RuleLimits limits = new RuleLimits(
            positive(properties, MAX_RULE_LENGTH, RuleLimits.DEFAULT.maxLength()),
            positive(properties, MAX_CONDITIONS, RuleLimits.DEFAULT.maxConditions()),
            positive(properties, MAX_DEPTH, RuleLimits.DEFAULT.maxDepth()));
      return new PluginSettings(new MessageModel(tag), limits, bool(properties, ROUTING_INDEX, true));
   }

   private static boolean bool(Map<String, String> properties, String key, boolean fallback) {
      String value = properties.get(key);
      if (value == null) {
         return fallback;
      }
      return switch (value.trim()) {
         case "true" -> true;
         case "false" -> false;
         default -> throw new IllegalArgumentException("RuleFilter plugin: property '" + key + "' must be true or false, was '"
               + value + "'");
      };
   }

   private static int positive(Map<String, String> properties, String key, int fallback) {
      String value = properties.get(key);
      if (value == null) {
         return fallback;
      }
      try {
         int parsed = Integer.parseInt(value.trim());
         if (parsed >= 1) {
            return parsed;
         }
      } catch (NumberFormatException ignored) {
         // reported below
      }
      throw new IllegalArgumentException("RuleFilter plugin: property '" + key + "' must be a whole number of at least 1, was '"
            + value + "'");
   }
}
