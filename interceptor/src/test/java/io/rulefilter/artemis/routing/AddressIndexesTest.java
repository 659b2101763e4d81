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
package io.rulefilter.artemis.routing;

import io.rulefilter.artemis.internal.PluginParts;
import io.rulefilter.artemis.testing.InVmBroker;
import io.rulefilter.message.MessageModel;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.config.DivertConfiguration;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

import static org.assertj.core.api.Assertions.assertThat;

/** When an address gets an index, when it declines and why, and what the index routes; on a real in-VM broker. */
class AddressIndexesTest {

   private static final String EVENTS = "airport.events";

   private static void fourSubscriptions(InVmBroker broker, String address) throws Exception {
      String prefix = address.equals(EVENTS) ? "" : address.replaceAll("\\W", "_") + "-";
      broker.subscription(address, prefix + "bsm", "@tag weq BSM");
      broker.subscription(address, prefix + "ca", "flight beg CA");
      broker.subscription(address, prefix + "bags", "bagCount gt 5");
      broker.subscription(address, prefix + "all", null);
   }

   private static AddressIndexes.Routing routing(InVmBroker broker, String address) {
      return PluginParts.registry(broker.plugin()).queries().routing(address);
   }

   @Test
   void anAddressIsIndexedFromFourQueuesOnAndRoutesExactlyAsItsFilters() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription(EVENTS, "bsm", "@tag weq BSM");
         broker.subscription(EVENTS, "ca", "flight beg CA");
         broker.subscription(EVENTS, "bags", "bagCount gt 5");
         assertThat(routing(broker, EVENTS)).isEqualTo(new AddressIndexes.Routing(false, "fewer than 4 queues"));
         broker.subscription(EVENTS, "all", null);
         assertThat(routing(broker, EVENTS)).isEqualTo(new AddressIndexes.Routing(true, "4 queues"));
         Message message = broker.message(EVENTS, "BSM", Map.of("flight", "CA981", "bagCount", 3));
         assertThat(broker.routes(message)).containsExactly("all", "bsm", "ca");
         assertThat(broker.routes(broker.message(EVENTS, "MVT", Map.of("bagCount", 7)))).containsExactly("all", "bags");
      }
   }

   @Test
   void aSubscriptionsCountsCarryOverWhenItsAddressIsIndexedAgainWithANewCounter() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         fourSubscriptions(broker, EVENTS);
         SubscriptionFilter bsm = (SubscriptionFilter) broker.queue("bsm").getFilter();
         Message mvt = broker.message(EVENTS, "MVT", Map.of("flight", "CA1"));
         Message bsmMessage = broker.message(EVENTS, "BSM", Map.of());
         broker.routes(mvt);
         broker.routes(mvt);
         broker.routes(bsmMessage);
         assertThat(bsm.rejected()).as("rejected by the index").isEqualTo(2);

         broker.server().destroyQueue(SimpleString.of("all"));
         assertThat(routing(broker, EVENTS).indexed()).isFalse();
         broker.routes(mvt);
         assertThat(bsm.rejected()).as("rejected queue by queue").isEqualTo(3);

         broker.subscription(EVENTS, "all", null);
         assertThat(routing(broker, EVENTS).indexed()).isTrue();
         broker.routes(mvt);
         broker.routes(bsmMessage);
         assertThat(bsm.rejected()).as("what the first index rejected is kept").isEqualTo(4);
         assertThat(bsm.matched()).isEqualTo(2);

         PluginParts.management(broker.plugin()).setRule(EVENTS, "bsm", "@tag weq MVT", false);
         broker.routes(mvt);
         broker.routes(bsmMessage);
         assertThat(bsm.matched()).as("a rule change places the queue again, its counts go on").isEqualTo(3);
         assertThat(bsm.rejected()).isEqualTo(5);
      }
   }

   @Test
   void countsChangeHandsWhenTheRouterSwitchesToNewContentsNotWhileTheyAreBuilt() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         fourSubscriptions(broker, EVENTS);
         SubscriptionFilter bsm = (SubscriptionFilter) broker.queue("bsm").getFilter();
         List<LocalQueueBinding> queues = broker.server().getPostOffice().getBindingsForAddress(SimpleString.of(EVENTS))
               .getBindings().stream().filter(b -> b instanceof LocalQueueBinding).map(b -> (LocalQueueBinding) b)
               .toList();
         IndexCounting counting = new IndexCounting(); // a router's
         LongAdder evaluated = counting.evaluated(); // its count of the messages its index took
         SimpleString address = SimpleString.of(EVENTS);
         long before = bsm.rejected();

         IndexContents first = IndexContents.of(address, MessageModel.DEFAULT, queues);
         evaluated.add(5); // the index before routes while these contents are built
         assertThat(bsm.rejected()).as("not yet routed by these contents").isEqualTo(before);
         counting.published(first);
         evaluated.add(2);
         assertThat(bsm.rejected()).isEqualTo(before + 2);

         IndexContents rebuilt = IndexContents.of(address, MessageModel.DEFAULT, queues);
         evaluated.add(3); // still routed by the first contents, which hold the subscription too
         counting.published(rebuilt);
         evaluated.add(1);
         assertThat(bsm.rejected()).as("handed over without a gap").isEqualTo(before + 6);

         LocalQueueBinding bsmQueue = (LocalQueueBinding) broker.server().getPostOffice().getBinding(SimpleString.of("bsm"));
         rebuilt.remove(bsmQueue);
         evaluated.add(4); // the index before the removal still holds it
         counting.published(rebuilt);
         evaluated.add(8);
         assertThat(bsm.rejected()).as("counts until the router routes without it").isEqualTo(before + 10);

         rebuilt.add(bsmQueue);
         rebuilt.replace(bsmQueue);
         counting.published(rebuilt);
         evaluated.add(2);
         counting.published(null);
         evaluated.add(7);
         assertThat(bsm.rejected()).as("counts again once in the index, until the router routes by none").isEqualTo(before + 12);
      }
   }

   /**
    * Each message sent to an address is judged once for each of its subscriptions, by the index or by the queue's own
    * filter, whatever happens to the index meanwhile: queues join and leave it, rules change in place, the address's
    * rule rebuilds it, it declines and is made again with a new router. A hand-over that left a gap, counted an index's
    * messages twice or made a count go back breaks the sum.
    */
   @Test
   void everySubscriptionMatchesOrRejectsEachMessageOnceWhateverHappensToTheIndex() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         fourSubscriptions(broker, EVENTS);
         Map<String, Long> sentBefore = new HashMap<>(Map.of("bsm", 0L, "ca", 0L, "bags", 0L)); // 'all' has no rule
         long[] sent = {0};
         Runnable sendAndCheck = () -> {
            try {
               for (Message message : List.of(broker.message(EVENTS, "BSM", Map.of("flight", "CA1", "bagCount", 9)),
                     broker.message(EVENTS, "MVT", Map.of("flight", "MU5", "bagCount", 2)),
                     broker.message(EVENTS, "BSM", Map.of("flight", "MU7")))) {
                  broker.routes(message);
                  sent[0]++;
               }
               sentBefore.forEach((queue, before) -> {
                  SubscriptionFilter filter = (SubscriptionFilter) broker.queue(queue).getFilter();
                  assertThat(filter.matched() + filter.rejected()).as(queue + " at message " + sent[0])
                        .isEqualTo(sent[0] - before);
               });
            } catch (Exception e) {
               throw new AssertionError(e);
            }
         };
         sendAndCheck.run();
         PluginParts.management(broker.plugin()).setRule(EVENTS, "bsm", "@tag weq MVT", false); // in place
         sendAndCheck.run();
         broker.subscription(EVENTS, "mu", "flight beg MU"); // taken in, in place
         sentBefore.put("mu", sent[0]);
         sendAndCheck.run();
         PluginParts.management(broker.plugin()).setAddressRule(EVENTS, "bagCount gt 1"); // rebuilt
         sendAndCheck.run();
         broker.server().destroyQueue(SimpleString.of("mu")); // let go of, in place
         sentBefore.remove("mu");
         sendAndCheck.run();
         broker.server().destroyQueue(SimpleString.of("all"));
         assertThat(routing(broker, EVENTS).indexed()).isFalse();
         sendAndCheck.run();
         broker.subscription(EVENTS, "again", "@tag weq BSM"); // a new router
         sentBefore.put("again", sent[0]);
         assertThat(routing(broker, EVENTS).indexed()).isTrue();
         sendAndCheck.run();
         PluginParts.management(broker.plugin()).setRule(EVENTS, "ca", "bagCount gt 5", false);
         PluginParts.management(broker.plugin()).setRule(EVENTS, "ca", "flight beg CA", false);
         sendAndCheck.run();
      }
   }

   @Test
   void aWildcardSubscriptionCountsWhatTheIndexOfEveryAddressItIsBoundToDecides() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription("airport.#", "watch", "@tag weq BSM");
         String gates = "airport.gates";
         for (String address : new String[] {EVENTS, gates}) {
            String prefix = address.replaceAll("\\W", "_") + "-";
            broker.subscription(address, prefix + "ca", "flight beg CA");
            broker.subscription(address, prefix + "bags", "bagCount gt 5");
            broker.subscription(address, prefix + "all", null);
         }
         assertThat(routing(broker, EVENTS).indexed()).isTrue();
         assertThat(routing(broker, gates).indexed()).isTrue();
         SubscriptionFilter watch = (SubscriptionFilter) broker.queue("watch").getFilter();
         assertThat(broker.routes(broker.message(EVENTS, "BSM", Map.of()))).contains("watch");
         broker.routes(broker.message(EVENTS, "MVT", Map.of()));
         broker.routes(broker.message(gates, "MVT", Map.of()));
         broker.routes(broker.message(gates, "LDM", Map.of()));
         assertThat(watch.matched()).isEqualTo(1);
         assertThat(watch.rejected()).as("one rejection by one address's index, two by the other's").isEqualTo(3);

         broker.server().destroyQueue(SimpleString.of("airport_gates-all"));
         assertThat(routing(broker, gates).indexed()).isFalse();
         broker.routes(broker.message(gates, "MVT", Map.of()));
         assertThat(watch.rejected()).as("queue by queue").isEqualTo(4);

         broker.subscription(gates, "again", null);
         assertThat(routing(broker, gates).indexed()).isTrue();
         broker.routes(broker.message(gates, "MVT", Map.of()));
         broker.routes(broker.message(EVENTS, "MVT", Map.of()));
         assertThat(watch.rejected()).as("a new index of one address, and the other's").isEqualTo(6);

         PluginParts.management(broker.plugin()).setAddressRule(EVENTS, "flight beg C");
         assertThat(routing(broker, EVENTS).indexed()).as("rebuilt with its address rule").isTrue();
         broker.routes(broker.message(EVENTS, "MVT", Map.of("flight", "CA1")));
         assertThat(watch.rejected()).as("through the rebuilt index").isEqualTo(7);
         assertThat(watch.matched()).isEqualTo(1);
      }
   }

   @Test
   void queuesJoiningLeavingAndChangingRulesOneAtATimeKeepTheIndexExact() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         fourSubscriptions(broker, EVENTS);
         broker.subscription(EVENTS, "mu", "flight beg MU");
         broker.subscription(EVENTS, "mvt", "@tag weq MVT");
         Message bsm = broker.message(EVENTS, "BSM", Map.of("flight", "MU5", "bagCount", 9));
         assertThat(broker.routes(bsm)).containsExactly("all", "bags", "bsm", "mu");
         broker.server().destroyQueue(SimpleString.of("bsm"));
         broker.server().destroyQueue(SimpleString.of("bags"));
         assertThat(routing(broker, EVENTS)).isEqualTo(new AddressIndexes.Routing(true, "4 queues"));
         assertThat(broker.routes(bsm)).containsExactly("all", "mu");
         PluginParts.management(broker.plugin()).setRule(EVENTS, "mu", "bagCount gt 8", false);
         PluginParts.management(broker.plugin()).setRule(EVENTS, "ca", "@tag beg BS", false);
         assertThat(broker.routes(bsm)).containsExactly("all", "ca", "mu");
         assertThat(broker.routes(broker.message(EVENTS, "MVT", Map.of("flight", "MU5")))).containsExactly("all", "mvt");

         broker.server().createQueue(QueueConfiguration.of("anycast").setAddress(EVENTS).setRoutingType(RoutingType.ANYCAST));
         assertThat(routing(broker, EVENTS)).isEqualTo(new AddressIndexes.Routing(false, "queue 'anycast' is ANYCAST"));
         broker.server().destroyQueue(SimpleString.of("anycast"));
         assertThat(routing(broker, EVENTS)).isEqualTo(new AddressIndexes.Routing(true, "4 queues"));
         broker.server().destroyQueue(SimpleString.of("mvt"));
         assertThat(routing(broker, EVENTS)).isEqualTo(new AddressIndexes.Routing(false, "fewer than 4 queues"));
         assertThat(broker.routes(bsm)).containsExactly("all", "ca", "mu");
         broker.subscription(EVENTS, "bsm", "@tag weq BSM");
         assertThat(routing(broker, EVENTS)).isEqualTo(new AddressIndexes.Routing(true, "4 queues"));
         assertThat(broker.routes(bsm)).containsExactly("all", "bsm", "ca", "mu");
      }
   }

   @Test
   void messagesThatNameTheirQueuesOrOneQueueAreLeftToArtemis() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         fourSubscriptions(broker, EVENTS);
         Message named = broker.message(EVENTS, "MVT", Map.of());
         named.putExtraBytesProperty(Message.HDR_ROUTE_TO_IDS, ByteBuffer.allocate(8).putLong(0, broker.queue("bsm").getID()).array());
         assertThat(broker.routes(named)).as("exactly the queue it names, whatever its rule").containsExactly("bsm");
         Message fullyQualified = broker.message(EVENTS + "::ca", "BSM", Map.of("flight", "MU1"));
         assertThat(broker.routes(fullyQualified)).as("only the queue named, through its rule").isEmpty();
      }
   }

   @Test
   void anythingElseBoundToTheAddressMakesTheIndexDeclineWithTheReason() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         fourSubscriptions(broker, EVENTS);
         broker.server().deployDivert(new DivertConfiguration().setName("copy").setAddress(EVENTS).setForwardingAddress("archive"));
         assertThat(routing(broker, EVENTS).indexed()).isFalse();
         assertThat(routing(broker, EVENTS).detail()).isEqualTo("divert 'copy' is bound to it");
         broker.server().destroyDivert(SimpleString.of("copy"));
         assertThat(routing(broker, EVENTS).indexed()).isTrue();

         fourSubscriptions(broker, "airport.#");
         assertThat(routing(broker, "airport.#").detail()).startsWith("it is a wildcard address");
         assertThat(routing(broker, EVENTS)).as("copies of wildcard queues are indexed where they land")
               .isEqualTo(new AddressIndexes.Routing(true, "8 queues"));
      }
   }

   @Test
   void theIndexLeavesAnAddressFreeToBeDeletedOnceItsOwnQueuesAreGone() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         fourSubscriptions(broker, "airport.#");
         broker.subscription("airport.gates", "gate", "@tag weq BSM");
         assertThat(routing(broker, "airport.gates").indexed()).as("one own queue and four wildcard copies").isTrue();
         broker.server().destroyQueue(SimpleString.of("gate"));
         assertThat(routing(broker, "airport.gates").indexed()).isFalse();
         broker.server().removeAddressInfo(SimpleString.of("airport.gates"), null); // not forced: nothing may be bound
         assertThat(broker.server().getAddressInfo(SimpleString.of("airport.gates"))).isNull();
      }
   }

   @Test
   void routingIndexFalseNeverIndexes() throws Exception {
      try (InVmBroker broker = InVmBroker.start(Map.of("routing-index", "false"), config -> { })) {
         fourSubscriptions(broker, EVENTS);
         assertThat(routing(broker, EVENTS)).isEqualTo(new AddressIndexes.Routing(false, "routing-index=false"));
         assertThat(broker.server().getPostOffice().getBindingsForAddress(SimpleString.of(EVENTS)).getBindings())
               .noneMatch(AddressIndexes::isIndex);
      }
   }

   @Test
   void anAnycastQueueMakesTheIndexDecline() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         fourSubscriptions(broker, EVENTS);
         broker.server().createQueue(QueueConfiguration.of("work").setAddress(EVENTS).setRoutingType(RoutingType.ANYCAST)
               .setAutoCreateAddress(true));
         assertThat(routing(broker, EVENTS).detail()).isEqualTo("queue 'work' is ANYCAST");
         assertThat(PluginParts.registry(broker.plugin()).queries().routing("no.such.address")).isEqualTo(
               new AddressIndexes.Routing(false, "no RuleFilter subscription"));
      }
   }
}
