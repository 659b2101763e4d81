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
import io.rulefilter.artemis.management.RuleManagement;
import io.rulefilter.artemis.testing.InVmBroker;
import io.rulefilter.message.MessageModel;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.server.impl.RoutingContextImpl;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An index routes a message to exactly the queues whose own filter accepts it, each once: anchored rules (whole
 * values, prefixes, wildcards, either side of an or), numeric bounds (each operator, ties, decimal strings, a tag
 * read as a number, lists of numbers for {@code eq}), rules without an anchor, disabled subscriptions, management
 * rules, an address rule, and queues RuleFilter does not manage (no filter, plain SQL). Every combination of a small
 * set of tags and property values is routed through an index built from the address's live bindings and compared
 * with the queues' filters, on a real in-VM broker.
 */
class RuleIndexTest {

   private static final MessageModel MODEL = MessageModel.DEFAULT;

   /** Queue name suffix to creation rule (null: no filter; "sql:": a plain SQL filter). */
   private static final Map<String, String> QUEUES = new LinkedHashMap<>();

   static {
      QUEUES.put("bsm", "@tag weq BSM");
      QUEUES.put("bsm2", "@tag weq BSM");
      QUEUES.put("bs", "@tag beg BS");
      QUEUES.put("any-tag", "@tag beg ''");
      QUEUES.put("bsm-or-bp", "@tag weq BSM or @tag beg BP");
      QUEUES.put("b-star-m", "@tag weq B*M");
      QUEUES.put("ca", "flight beg CA");
      QUEUES.put("ca981-b", "flight weq CA981 and @tag beg B");
      QUEUES.put("flight981", "flight weq 981");
      QUEUES.put("bags", "bagCount gt 5");
      QUEUES.put("bags-ge-7", "bagCount ge 7");
      QUEUES.put("bags-lt-7", "bagCount lt 7");
      QUEUES.put("bags-eq-7", "bagCount eq 7.0");
      QUEUES.put("bags-eq-7-again", "bagCount eq 7");
      QUEUES.put("bags-eq-3", "bagCount eq 3");
      QUEUES.put("bags-ge-9", "bagCount ge 9");
      QUEUES.put("bags-gt-9", "bagCount gt 9");
      QUEUES.put("bags-le-3-b", "bagCount le 3 and @tag beg B");
      QUEUES.put("bags-gt-3-not-bsm", "bagCount gt 3 and not @tag weq BSM");
      QUEUES.put("bags-eq-list", "bagCount eq (3, 7.00, 12)");
      QUEUES.put("bags-eq-list-b", "bagCount eq (2.5, 9) and @tag beg B");
      QUEUES.put("tag-eq-list", "@tag eq (5, 9.0)");
      QUEUES.put("tag-above-5", "@tag gt 5");
      QUEUES.put("not-bsm", "not @tag weq BSM");
      QUEUES.put("plain", null);
      QUEUES.put("sql", "sql:bagCount > 5");
      QUEUES.put("managed", null); // given a management rule below
      QUEUES.put("disabled", "@tag weq BSM"); // switched off below
   }

   private static final List<String> TAGS = Arrays.asList(null, "", "B", "BS", "BSM", "BPM", "BXM", "MVT", "行李", "9", "5");
   private static final List<Object> FLIGHTS = Arrays.asList(null, "CA", "CA981", "MU1", 981, 981L);
   private static final List<Object> BAGS = Arrays.asList(null, 3, 7, "7", 7.0, "7.00", 2.5f, 9, 12L, "x");
   private static final List<Object> AIRLINES = Arrays.asList(null, "CA", "MU");

   @Test
   void anIndexRoutesExactlyWhatTheQueuesFiltersAcceptEachOnce() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         subscriptions(broker, "plain.events");
         compareWithFilters(broker, "plain.events", 4); // not-bsm, b-star-m, the disabled one, the managed or of two keys
      }
   }

   @Test
   void withAnAddressRuleEveryQueueIsManagedAndTheIndexStillRoutesAsTheFilters() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         subscriptions(broker, "ruled.events");
         PluginParts.management(broker.plugin()).setAddressRule("ruled.events", "airline weq CA");
         int managed = compareWithFilters(broker, "ruled.events", 1); // the disabled one
         assertThat(managed).as("queues with a RuleFilter filter once the address has a rule").isEqualTo(QUEUES.size());
      }
   }

   private static void subscriptions(InVmBroker broker, String address) throws Exception {
      for (Map.Entry<String, String> q : QUEUES.entrySet()) {
         String name = address + "." + q.getKey();
         if (q.getValue() != null && q.getValue().startsWith("sql:")) {
            broker.server().createQueue(QueueConfiguration.of(name).setAddress(address).setRoutingType(RoutingType.MULTICAST)
                  .setFilterString(q.getValue().substring(4)).setAutoCreateAddress(true));
         } else {
            broker.subscription(address, name, q.getValue());
         }
      }
      RuleManagement management = PluginParts.management(broker.plugin());
      management.setRule(address, address + ".managed", "@tag weq MVT or flight beg MU", false);
      management.setEnabled(address, address + ".disabled", false);
   }

   /**
    * Routes every message of the domain through an index of {@code address} made the way a busy broker makes it: every
    * queue taken in, then half of them let go and taken in again in another order, and a third re-placed as after a
    * rule change. Only {@code unanchored} rules may be evaluated for every message. Returns the managed queue count.
    */
   private static int compareWithFilters(InVmBroker broker, String address, int unanchored) throws Exception {
      List<LocalQueueBinding> all = new ArrayList<>();
      int managedQueues = 0;
      for (Binding binding : broker.server().getPostOffice().getBindingsForAddress(SimpleString.of(address)).getBindings()) {
         if (binding instanceof LocalQueueBinding local) {
            all.add(local);
            managedQueues += local.getQueue().getFilter() instanceof SubscriptionFilter ? 1 : 0;
         }
      }
      assertThat(all).hasSize(QUEUES.size());
      IndexContents contents = new IndexContents(SimpleString.of(address), MODEL);
      all.forEach(binding -> assertThat(contents.add(binding)).isTrue());
      List<LocalQueueBinding> churned = new ArrayList<>(all.subList(0, all.size() / 2));
      churned.forEach(binding -> assertThat(contents.remove(binding)).isTrue());
      Collections.reverse(churned);
      churned.forEach(binding -> assertThat(contents.add(binding)).isTrue());
      all.stream().filter(binding -> all.indexOf(binding) % 3 == 0)
            .forEach(binding -> assertThat(contents.replace(binding)).isTrue());
      assertThat(contents.add(all.get(0))).as("a queue already held").isFalse();
      assertThat(contents.index().queues()).isEqualTo(QUEUES.size());
      assertThat(contents.managed()).isEqualTo(managedQueues);
      IndexContents rebuilt = IndexContents.of(SimpleString.of(address), MODEL, all);
      assertThat(rebuilt.managed()).isEqualTo(managedQueues);
      for (IndexContents built : List.of(contents, rebuilt)) {
         assertThat(built.index().unanchored()).as("rules evaluated for every message").isEqualTo(unanchored);
      }

      ArtemisMessageView view = new ArtemisMessageView(MODEL.tagProperty());
      int routed = 0;
      for (String tag : TAGS) {
         for (Object flight : FLIGHTS) {
            for (Object bags : BAGS) {
               for (Object airline : AIRLINES) {
                  Map<String, Object> properties = new LinkedHashMap<>();
                  put(properties, "flight", flight);
                  put(properties, "bagCount", bags);
                  put(properties, "airline", airline);
                  Message message = broker.message(address, tag, properties);

                  List<String> expected = new ArrayList<>();
                  for (LocalQueueBinding binding : all) {
                     Filter filter = binding.getFilter();
                     if (filter == null || filter.match(message)) {
                        expected.add(binding.getQueue().getName().toString());
                     }
                  }
                  for (IndexContents built : List.of(contents, rebuilt)) {
                     assertThat(routes(built.index(), message, view)).as("queues for tag %s, %s (%s)", tag, properties,
                           built == contents ? "changed step by step" : "built at once").doesNotHaveDuplicates()
                           .containsExactlyInAnyOrderElementsOf(expected);
                  }
                  routed += expected.size();
               }
            }
         }
      }
      assertThat(routed).as("the domain makes the index route something").isPositive();
      return managedQueues;
   }

   /** The queues {@code index} routes {@code message} to. */
   private static List<String> routes(RuleIndex index, Message message, ArtemisMessageView view) throws Exception {
      RoutingContextImpl context = new RoutingContextImpl(null);
      view.readOnce(message);
      try {
         index.route(message, context, view);
      } finally {
         view.release();
      }
      return context.getContexListing().values().stream()
            .flatMap(list -> Stream.concat(list.getDurableQueues().stream(), list.getNonDurableQueues().stream()))
            .map(q -> q.getName().toString()).toList();
   }

   private static void put(Map<String, Object> properties, String key, Object value) {
      if (value != null) {
         properties.put(key, value);
      }
   }
}
