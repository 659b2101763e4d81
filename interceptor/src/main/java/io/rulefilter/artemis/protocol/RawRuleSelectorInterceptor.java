package io.rulefilter.artemis.protocol;

import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.Interceptor;
import org.apache.activemq.artemis.core.protocol.core.Packet;
import org.apache.activemq.artemis.core.protocol.core.impl.wireformat.CreateQueueMessage;
import org.apache.activemq.artemis.core.protocol.core.impl.wireformat.CreateSharedQueueMessage;
import org.apache.activemq.artemis.core.protocol.core.impl.wireformat.SessionCreateConsumerMessage;
import org.apache.activemq.artemis.spi.core.protocol.RemotingConnection;

import java.util.function.BiConsumer;

/**
 * Rewrites raw rules in the three core-protocol packets that carry a JMS selector (queue creation, shared queue
 * creation, consumer creation) before the server parses them. Queue creations are reported to {@code onQueue}, so
 * a reconnecting client can later be shown its own selector text.
 */
public final class RawRuleSelectorInterceptor implements Interceptor {

   private final SelectorRewriter rewriter;
   private final BiConsumer<String, String> onQueue;

   public RawRuleSelectorInterceptor(SelectorRewriter rewriter, BiConsumer<String, String> onQueue) {
      this.rewriter = rewriter;
      this.onQueue = onQueue;
   }

   @Override
   public boolean intercept(Packet packet, RemotingConnection connection) throws ActiveMQException {
      if (packet instanceof CreateQueueMessage create) {
         create.setFilterString(rewriter.rewriteQueueFilter(create.getQueueName(), create.getFilterString(), onQueue));
      } else if (packet instanceof CreateSharedQueueMessage create) {
         create.setFilterString(rewriter.rewriteQueueFilter(create.getQueueName(), create.getFilterString(), onQueue));
      } else if (packet instanceof SessionCreateConsumerMessage consumer) {
         consumer.setFilterString(rewriter.rewrite(consumer.getFilterString()));
      }
      return true;
   }
}
