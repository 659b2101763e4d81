package io.rulefilter.message;

import java.util.Objects;
import java.util.Set;

/**
 * Where a message keeps its tag and which property names are bookkeeping rather than attributes.
 * Reserved, never attributes: the tag property, names starting with {@code JMS} (reserved by the JMS
 * specification), with {@code _AMQ} or {@code __AMQ} (Artemis internals) and with {@code _HQ} (legacy internals).
 */
public record MessageModel(String tagProperty) {

   /** The JMS type ({@code message.setJMSType("BSM")}) is the tag unless configured otherwise. */
   public static final String DEFAULT_TAG_PROPERTY = "JMSType";

   public static final MessageModel DEFAULT = new MessageModel(DEFAULT_TAG_PROPERTY);

   /** Names that Artemis's filter engine resolves to message headers instead of properties. */
   public static final Set<String> ARTEMIS_HEADER_NAMES = Set.of("AMQUserID", "AMQPriority", "AMQTimestamp",
         "AMQDurable", "AMQExpiration", "AMQSize", "AMQAddress", "AMQGroupID");

   public MessageModel {
      Objects.requireNonNull(tagProperty, "tagProperty");
      if (tagProperty.isBlank()) {
         throw new IllegalArgumentException("the tag property must not be blank");
      }
   }

   public boolean isReserved(CharSequence key) {
      return startsWith(key, "JMS") || startsWith(key, "_AMQ") || startsWith(key, "__AMQ") || startsWith(key, "_HQ")
            || tagProperty.contentEquals(key);
   }

   private static boolean startsWith(CharSequence key, String prefix) {
      if (key.length() < prefix.length()) {
         return false;
      }
      for (int i = 0; i < prefix.length(); i++) {
         if (key.charAt(i) != prefix.charAt(i)) {
            return false;
         }
      }
      return true;
   }
}
