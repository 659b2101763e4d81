package io.rulefilter.message;

import java.util.function.Function;

/**
 * An attribute key named in a compiled rule. It can hold the key in a message adapter's own form (for Artemis a
 * {@code SimpleString}), made once on first use instead of once per message.
 */
public final class AttributeKey {

   private final String name;
   private volatile Object nativeForm;

   public AttributeKey(String name) {
      this.name = name;
   }

   public String name() {
      return name;
   }

   /** The key in an adapter's form; {@code factory} runs on first use only (a racing duplicate is harmless). */
   @SuppressWarnings("unchecked")
   public <T> T nativeForm(Function<String, T> factory) {
      Object form = nativeForm;
      if (form == null) {
         form = factory.apply(name);
         nativeForm = form;
      }
      return (T) form;
   }

   @Override
   public String toString() {
      return name;
   }
}
