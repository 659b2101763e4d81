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

import io.rulefilter.artemis.testing.InVmBroker;
import io.rulefilter.RuleLanguage;
import io.rulefilter.eval.CompiledRule;
import io.rulefilter.message.MessageView;
import io.rulefilter.message.MessageModel;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.core.filter.impl.FilterImpl;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.postoffice.impl.BindingsImpl;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.core.server.cluster.RemoteQueueBinding;
import org.apache.activemq.artemis.core.server.cluster.impl.MessageLoadBalancingType;
import org.apache.activemq.artemis.core.server.cluster.impl.RemoteQueueBindingImpl;
import org.apache.activemq.artemis.core.server.impl.RoutingContextImpl;
import org.apache.activemq.artemis.selector.filter.Filterable;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The index of an address with other nodes' queues routes every message exactly as Artemis's own {@link BindingsImpl}
 * routes it through the same bindings: the same queues of this node, the same copies (the ids a bridge forwards to),
 * the same one queue of a shared subscription in the same turn. Random layouts on a real in-VM broker: this node's
 * queues (with rules, plain SQL or no filter), real {@link RemoteQueueBindingImpl} copies alone or sharing a routing
 * name with a queue here or with each other, connected or not, with or without consumers, forwarding by a rule, by
 * SQL or everything; each load balancing type, {@code LOCAL_ONLY} from the context, messages with and without a
 * multicast routing type; contents built at once and changed step by step.
 */
class IndexRoutesAsBindingsImplTest {

   private static final MessageModel MODEL = MessageModel.DEFAULT;
   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();
   private static final String ADDRESS = "cluster.diff";
   private static final List<String> RULES = List.of("@tag weq BSM", "@tag beg BP", "flight weq CA*", "bagCount gt 3",
         "@tag weq BSM and bagCount le 3", "not @tag weq MVT", "flight weq MU1 or @tag beg B", "bagCount eq (1, 5, 3.0)");
   private static final List<String> SQL = List.of("bagCount > 3", "flight LIKE 'CA%'");
   private static final List<String> TAGS = Arrays.asList(null, "BSM", "BPM", "MVT", "B");
   private static final List<Object> FLIGHTS = Arrays.asList(null, "CA981", "MU1", "CA", 7);
   private static final List<Object> BAGS = Arrays.asList(null, 1, 3, 5, "x");
   private static final MessageLoadBalancingType[] BALANCING = {MessageLoadBalancingType.STRICT,
         MessageLoadBalancingType.ON_DEMAND, MessageLoadBalancingType.OFF, MessageLoadBalancingType.OFF_WITH_REDISTRIBUTION};
   private static final int LAYOUTS = 1_000;
   private static final int MESSAGES = 60;

   @Test
   void theIndexRoutesAsArtemisDoesThroughOtherNodesQueuesAndSharedNames() throws Exception {
      long seed = Long.getLong("rulefilter.seed", System.nanoTime());
      Random random = new Random(seed);
      try (InVmBroker broker = InVmBroker.start()) {
         List<LocalQueueBinding> locals = localQueues(broker);
         Queue forward = broker.server().createQueue(QueueConfiguration.of("sf.diff").setAddress("sf.diff")
               .setRoutingType(RoutingType.MULTICAST));
         ArtemisMessageView view = new ArtemisMessageView(MODEL.tagProperty());
         long id = 1_000;
         int forwarded = 0;
         int toGroups = 0;
         for (int layout = 0; layout < LAYOUTS; layout++) {
            MessageLoadBalancingType balancing = BALANCING[random.nextInt(BALANCING.length)];
            List<Binding> bindings = new ArrayList<>();
            for (LocalQueueBinding local : locals) {
               if (random.nextInt(4) > 0) {
                  bindings.add(local);
               }
               for (int copies = random.nextInt(3); copies > 0; copies--) { // the same subscription on other nodes
                  bindings.add(copy(random, id++, local.getRoutingName(), forward, balancing));
               }
            }
            for (int alone = random.nextInt(4); alone > 0; alone--) {
               bindings.add(copy(random, id, SimpleString.of("remote-" + id++), forward, balancing));
            }
            Collections.shuffle(bindings, random);
            String where = "seed " + seed + ", layout " + layout + " (" + balancing + ")" + describe(bindings);

            BindingsImpl artemis = new BindingsImpl(SimpleString.of(ADDRESS), null, broker.server().getStorageManager());
            bindings.forEach(artemis::addBinding);
            IndexContents stepwise = new IndexContents(SimpleString.of(ADDRESS), MODEL);
            bindings.forEach(binding -> assertThat(stepwise.add(binding)).as(where).isTrue());
            List<Binding> churned = new ArrayList<>(bindings.subList(0, bindings.size() / 3));
            churned.forEach(binding -> assertThat(stepwise.remove(binding)).as(where).isTrue());
            churned.forEach(binding -> assertThat(stepwise.add(binding)).as(where).isTrue());
            BindingsImpl artemisChurned = new BindingsImpl(SimpleString.of(ADDRESS), null,
                  broker.server().getStorageManager());
            Stream.concat(bindings.subList(bindings.size() / 3, bindings.size()).stream(), churned.stream())
                  .forEach(artemisChurned::addBinding);
            IndexContents atOnce = IndexContents.of(SimpleString.of(ADDRESS), MODEL, bindings);

            for (int m = 0; m < MESSAGES; m++) {
               Message message = message(broker, random);
               MessageLoadBalancingType fromContext = random.nextInt(10) == 0 ? MessageLoadBalancingType.LOCAL_ONLY : null;
               Routed expected = artemis(artemis, message, fromContext);
               assertThat(indexed(atOnce.index(), message, fromContext, artemis, view)).as("%s, message %d %s, built at once",
                     where, m, message).isEqualTo(expected);
               assertThat(indexed(stepwise.index(), message, fromContext, artemisChurned, view))
                     .as("%s, message %d %s, changed step by step", where, m, message)
                     .isEqualTo(artemis(artemisChurned, message, fromContext));
               forwarded += expected.copies().size();
               toGroups += expected.queues().size();
            }
         }
         assertThat(forwarded).as("messages forwarded to other nodes (seed %d)", seed).isGreaterThan(LAYOUTS * MESSAGES / 10);
         assertThat(toGroups).as("messages routed to this node's queues (seed %d)", seed).isGreaterThan(LAYOUTS * MESSAGES / 10);
      }
   }

   /** This node's queues: some with rules, one plain SQL filter, one without a filter. */
   private static List<LocalQueueBinding> localQueues(InVmBroker broker) throws Exception {
      for (int r = 0; r < 5; r++) {
         broker.subscription(ADDRESS, "q-rule-" + r, RULES.get(r));
      }
      broker.subscription(ADDRESS, "q-plain", null);
      broker.server().createQueue(QueueConfiguration.of("q-sql").setAddress(ADDRESS).setRoutingType(RoutingType.MULTICAST)
            .setFilterString(SQL.get(0)));
      List<LocalQueueBinding> locals = new ArrayList<>();
      for (Binding binding : broker.server().getPostOffice().getBindingsForAddress(SimpleString.of(ADDRESS)).getBindings()) {
         if (binding instanceof LocalQueueBinding local) {
            locals.add(local);
         }
      }
      assertThat(locals).hasSize(7);
      return locals;
   }

   /** A real copy of another node's queue: forwarding by a rule, by SQL, or everything; maybe with consumers, maybe off. */
   private static RemoteQueueBinding copy(Random random, long id, SimpleString routingName, Queue forward,
                                          MessageLoadBalancingType balancing) throws Exception {
      RemoteQueueBinding copy = new RemoteQueueBindingImpl(id, SimpleString.of(ADDRESS),
            SimpleString.of(routingName + "-node" + id), routingName, id, null, forward, SimpleString.of("bridge"),
            1, balancing);
      int kind = random.nextInt(4);
      if (kind == 0) {
         copy.setFilter(new RuleCopyFilter(LANGUAGE.compile(LANGUAGE.parse(RULES.get(random.nextInt(RULES.size()))))));
      } else if (kind == 1) {
         copy.setFilter(FilterImpl.createFilter(SQL.get(random.nextInt(SQL.size()))));
      } else if (kind == 2) {
         copy.setFilter(new RuleCopyFilter(null)); // forwarding everything while a management rule applies there
      }
      for (int consumers = random.nextInt(3); consumers > 0; consumers--) {
         copy.addConsumer(null);
      }
      if (random.nextInt(5) == 0) {
         copy.disconnect();
      }
      return copy;
   }

   /** The layout, in the order the bindings were added, for a failure's message. */
   private static String describe(List<Binding> bindings) {
      StringBuilder text = new StringBuilder();
      for (Binding binding : bindings) {
         text.append("\n  ").append(binding.getRoutingName()).append(" id ").append(binding.getID()).append(' ')
               .append(binding.getFilter());
         if (binding instanceof RemoteQueueBinding copy) {
            text.append(copy.isConnected() ? "" : ", disconnected").append(copy.isHighAcceptPriority(null) ? ", consumers" : "");
         }
      }
      return text.toString();
   }

   private static Message message(InVmBroker broker, Random random) {
      Map<String, Object> properties = new LinkedHashMap<>();
      Object flight = FLIGHTS.get(random.nextInt(FLIGHTS.size()));
      Object bags = BAGS.get(random.nextInt(BAGS.size()));
      if (flight != null) {
         properties.put("flight", flight);
      }
      if (bags != null) {
         properties.put("bagCount", bags);
      }
      Message message = broker.message(ADDRESS, TAGS.get(random.nextInt(TAGS.size())), properties);
      int type = random.nextInt(3);
      if (type > 0) {
         message.setRoutingType(type == 1 ? RoutingType.MULTICAST : RoutingType.ANYCAST);
      }
      return message;
   }

   /** What a route reached: this node's queues, and the ids of the other nodes' queues it forwards to, in order. */
   record Routed(TreeSet<String> queues, List<Long> copies) {
   }

   private static Routed artemis(BindingsImpl bindings, Message original, MessageLoadBalancingType fromContext)
         throws Exception {
      Message message = original.copy();
      RoutingContextImpl context = new RoutingContextImpl(null);
      context.setLoadBalancingType(fromContext);
      bindings.route(message, context);
      return routed(message, context);
   }

   /** As {@link AddressRouter#route} does it, with the load balancing its bindings report. */
   private static Routed indexed(RuleIndex index, Message original, MessageLoadBalancingType fromContext,
                                 BindingsImpl bindings, ArtemisMessageView view) throws Exception {
      Message message = original.copy();
      RoutingContextImpl context = new RoutingContextImpl(null);
      context.setLoadBalancingType(fromContext);
      view.readOnce(message);
      try {
         if (index.hasCopies()) {
            view.balance(fromContext != null ? fromContext : bindings.getMessageLoadBalancingType(), message);
         }
         index.route(message, context, view);
      } finally {
         view.release();
      }
      return routed(message, context);
   }

   private static Routed routed(Message message, RoutingContextImpl context) {
      TreeSet<String> queues = new TreeSet<>();
      context.getContexListing().values().forEach(list -> Stream.concat(list.getDurableQueues().stream(),
            list.getNonDurableQueues().stream()).filter(q -> !q.getName().toString().equals("sf.diff"))
            .forEach(q -> queues.add(q.getName().toString())));
      List<Long> copies = new ArrayList<>();
      byte[] ids = message.getExtraBytesProperty(Message.HDR_ROUTE_TO_IDS.concat("bridge"));
      if (ids != null) {
         ByteBuffer buffer = ByteBuffer.wrap(ids);
         while (buffer.remaining() >= Long.BYTES) {
            copies.add(buffer.getLong());
         }
      }
      Collections.sort(copies);
      return new Routed(queues, copies);
   }

   /** A copy's filter as RuleFilter's cluster support makes it: by a creation rule, or (null) everything. */
   private static final class RuleCopyFilter implements Filter, CopyForwarding {

      private final CompiledRule rule;
      private final ArtemisMessageView view = new ArtemisMessageView(MODEL.tagProperty());

      RuleCopyFilter(CompiledRule rule) {
         this.rule = rule;
      }

      @Override
      public SubscriptionPolicy forwarding() {
         return new SubscriptionPolicy(rule, null, null, rule != null);
      }

      @Override
      public boolean isOfRule() {
         return true;
      }

      @Override
      public boolean isExact() {
         return true; // Artemis's own routing knows no superset: compared where both decide alike
      }

      @Override
      public boolean givesWay(Message message, MessageView view) {
         return false;
      }

      @Override
      public boolean match(Message message) {
         return rule == null || rule.matches(view.of(message));
      }

      @Override
      public boolean match(Map<String, String> map) {
         return true;
      }

      @Override
      public boolean match(Filterable filterable) {
         return true;
      }

      @Override
      public SimpleString getFilterString() {
         return SimpleString.of("rule");
      }
   }
}
