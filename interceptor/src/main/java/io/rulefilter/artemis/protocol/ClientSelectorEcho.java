package io.rulefilter.artemis.protocol;

import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.Interceptor;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.protocol.core.Packet;
import org.apache.activemq.artemis.core.protocol.core.impl.wireformat.SessionQueueQueryResponseMessage;
import org.apache.activemq.artemis.spi.core.protocol.RemotingConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.reflect.Field;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * Shows a JMS client that created a subscription with a raw rule its own selector text when it queries the queue
 * again. The client compares that text with its selector to decide whether the subscription is unchanged; without
 * this a durable subscriber that reconnects would delete and recreate its queue (losing the backlog) and a second
 * shared consumer would be refused. The response has no setter, so the field is set reflectively; if Artemis ever
 * renames it, this logs once and leaves responses untouched.
 */
public final class ClientSelectorEcho implements Interceptor {

   private static final Logger LOG = LoggerFactory.getLogger(ClientSelectorEcho.class);
   private static final Field FILTER_STRING = filterStringField();

   private final BiFunction<String, SimpleString, Optional<String>> clientSelector;

   public ClientSelectorEcho(BiFunction<String, SimpleString, Optional<String>> clientSelector) {
      this.clientSelector = clientSelector;
   }

   @Override
   public boolean intercept(Packet packet, RemotingConnection connection) throws ActiveMQException {
      if (FILTER_STRING != null && packet instanceof SessionQueueQueryResponseMessage response && response.isExists()
            && response.getName() != null && response.getFilterString() != null) {
         clientSelector.apply(response.getName().toString(), response.getFilterString()).ifPresent(text -> {
            try {
               FILTER_STRING.set(response, SimpleString.of(text));
            } catch (IllegalAccessException e) {
               LOG.warn("RuleFilter: could not show a client its selector: {}", e.toString());
            }
         });
      }
      return true;
   }

   private static Field filterStringField() {
      try {
         Field field = SessionQueueQueryResponseMessage.class.getDeclaredField("filterString");
         field.setAccessible(true);
         return field;
      } catch (ReflectiveOperationException | RuntimeException e) {
         LoggerFactory.getLogger(ClientSelectorEcho.class).warn("RuleFilter: this Artemis version hides the queue query "
               + "filter; durable subscribers that use raw rules as selectors will be recreated on reconnect ({})", e.toString());
         return null;
      }
   }
}
