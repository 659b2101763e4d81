package io.rulefilter.e2e.stock;

import java.util.ArrayList;
import java.util.List;

/** One protocol's usual client, reduced to what the tests do: publish to an address, subscribe with a selector. */
interface AirportClient extends AutoCloseable {

   String protocol();

   void publish(String address, List<AirportMessage> messages) throws Exception;

   /** A durable subscription called {@code name} to {@code address} with {@code selector} (null: none). */
   Subscriber subscribe(String address, String name, String selector) throws Exception;

   interface Subscriber extends AutoCloseable {
      /** The body of the next message, waiting at most {@code millis}; null when none came. */
      String nextBody(long millis) throws Exception;

      /** The numbers of the messages received until nothing more arrives for {@code quietMillis}. */
      default List<Integer> drain(long quietMillis) throws Exception {
         List<Integer> seqs = new ArrayList<>();
         for (String body; (body = nextBody(quietMillis)) != null; ) {
            seqs.add(AirportMessage.seqOf(body));
         }
         return seqs;
      }
   }
}
