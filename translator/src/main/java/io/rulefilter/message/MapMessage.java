package io.rulefilter.message;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** A message held in plain Java objects: for the CLI, tests and tools that have no broker message at hand. */
public record MapMessage(String tag, Map<String, Object> attributes) implements MessageView {

   public MapMessage {
      attributes = Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
   }

   @Override
   public Object attribute(AttributeKey key) {
      return attributes.get(key.name());
   }

   @Override
   public boolean anyKey(KeyTest test) {
      for (Map.Entry<String, Object> attribute : attributes.entrySet()) {
         if (attribute.getValue() != null && test.test(attribute.getKey())) {
            return true;
         }
      }
      return false;
   }
}
