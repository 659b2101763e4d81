/*
 * Copyright 2026 the RuleFilter authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.rulefilter.e2e.stock;

import java.util.ArrayList;
import java.util.List;

/** One protocol's usual client, reduced to what the tests do: publish to an address, subscribe with a selector. */
interface AirportClient extends AutoCloseable {

   /** A client of each protocol a stock instance speaks: core and AMQP (Jakarta JMS), OpenWire, STOMP, MQTT. */
   static List<AirportClient> ofEveryProtocol(StockArtemis broker) throws Exception {
      return List.of(JakartaJmsClient.core(broker.corePort()), JakartaJmsClient.amqp(broker.amqpPort()),
            new OpenWireClient(broker.corePort()), new StompClient(broker.stompPort()),
            new MqttClientAdapter(broker.mqttPort()));
   }

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
