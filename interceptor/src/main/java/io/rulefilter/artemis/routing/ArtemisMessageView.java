package io.rulefilter.artemis.routing;

import io.rulefilter.message.AttributeKey;
import io.rulefilter.message.MessageView;
import io.rulefilter.message.ValueText;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.message.impl.CoreMessage;

import java.util.function.Consumer;
import java.util.function.Function;

/**
 * An Artemis message as rules see it, read the way Artemis's own filters read it
 * ({@link Message#getObjectPropertyForFilter}), so core, AMQP and OpenWire messages all work. One view per routing
 * thread is reused; {@link #of} points it at the next message, so evaluation does not allocate.
 */
public final class ArtemisMessageView implements MessageView {

   private static final Function<String, SimpleString> SIMPLE_STRING = SimpleString::of;

   private final SimpleString tagProperty;
   private final KeyScan keyScan = new KeyScan();
   private Message message;

   public ArtemisMessageView(String tagProperty) {
      this.tagProperty = SimpleString.of(tagProperty);
   }

   public ArtemisMessageView of(Message message) {
      this.message = message;
      return this;
   }

   @Override
   public CharSequence tag() {
      return ValueText.of(message.getObjectPropertyForFilter(tagProperty));
   }

   @Override
   public Object attribute(AttributeKey key) {
      return message.getObjectPropertyForFilter(key.nativeForm(SIMPLE_STRING));
   }

   @Override
   public boolean anyKey(KeyTest test) {
      if (message instanceof CoreMessage core) {
         return keyScan.scan(core, test); // no copy of the key set, unlike getPropertyNames()
      }
      for (SimpleString key : message.getPropertyNames()) {
         if (test.test(key)) {
            return true;
         }
      }
      return false;
   }

   /** A reusable visitor over a core message's property keys. */
   private static final class KeyScan implements Consumer<SimpleString> {
      private KeyTest test;
      private boolean found;

      boolean scan(CoreMessage message, KeyTest keyTest) {
         test = keyTest;
         found = false;
         message.getProperties().forEachKey(this);
         test = null;
         return found;
      }

      @Override
      public void accept(SimpleString key) {
         if (!found && test.test(key)) {
            found = true;
         }
      }
   }
}
