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
package io.rulefilter.artemis;

import io.rulefilter.message.MessageModel;
import io.rulefilter.parse.RuleLimits;
import io.rulefilter.artemis.log.PluginLogger;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The plugin's configuration, read from the {@code <property key value/>} entries of its {@code <broker-plugin>}.
 * Every setting is declared once in {@link #SETTINGS}; an unknown key or a bad value is an error that names it, so a
 * typo cannot silently change behaviour.
 */
public record PluginSettings(MessageModel model, RuleLimits limits, boolean routingIndex, int changeConfirmTimeoutMs,
                             TypeBAddresses typeBAddresses, boolean clusterTrustWithoutSecurity) {

   public static final String TAG_PROPERTY = "tag-property";
   public static final String MAX_RULE_LENGTH = "max-rule-length";
   public static final String MAX_CONDITIONS = "max-conditions";
   public static final String MAX_DEPTH = "max-depth";
   public static final String MAX_LIST_ITEMS = "max-list-items";
   public static final String ROUTING_INDEX = "routing-index";
   public static final String CHANGE_CONFIRM_TIMEOUT = "change-confirm-timeout-ms";
   public static final String TYPEB_ADDRESSES = TypeBAddresses.SETTING;
   /** With {@value #ROUTING_INDEX} on, the fewest queues an address has for its subscriptions to be routed by an index. */
   public static final int MIN_INDEXED_SUBSCRIPTIONS = 4;
   public static final String CLUSTER_TRUST_WITHOUT_SECURITY = "cluster-trust-without-security";

   private static final Setting<String> TAG = Setting.text(TAG_PROPERTY, MessageModel.DEFAULT_TAG_PROPERTY,
         "the message property that holds the tag (`JMSType` is the JMS type)");
   private static final Setting<Integer> LENGTH = Setting.positive(MAX_RULE_LENGTH, RuleLimits.DEFAULT.maxLength(),
         "the longest rule accepted, in characters (code points)");
   private static final Setting<Integer> CONDITIONS = Setting.positive(MAX_CONDITIONS, RuleLimits.DEFAULT.maxConditions(),
         "the most conditions a rule may have");
   private static final Setting<Integer> DEPTH = Setting.upTo(RuleLimits.MAX_DEPTH, MAX_DEPTH, RuleLimits.DEFAULT.maxDepth(),
         "the deepest nesting of parentheses and `not` in a rule");
   private static final Setting<Integer> LIST_ITEMS = Setting.positive(MAX_LIST_ITEMS, RuleLimits.DEFAULT_LIST_ITEMS,
         "the most items one value list `(a, b, c)` may have (a list counts as one condition)");
   private static final Setting<Boolean> INDEX = Setting.bool(ROUTING_INDEX, true,
         "route addresses with at least " + MIN_INDEXED_SUBSCRIPTIONS + " queues through one index per "
               + "address instead of a filter call per subscription");
   private static final Setting<Integer> CONFIRM = Setting.positive(CHANGE_CONFIRM_TIMEOUT, 10_000,
         "how long a management change waits for the journal, replication to the backup included, to confirm it, in "
               + "milliseconds; a change not confirmed in time is refused");

   private static final Setting<TypeBAddresses> TYPEB = new Setting<>(TYPEB_ADDRESSES, "address patterns, comma-separated",
         TypeBAddresses.NONE, TypeBAddresses::parse, "the addresses where rules may use `@typeb` and message bodies are "
               + "read for them, as Artemis address patterns (`events.#`); `none` (in any case): nowhere");

   private static final Setting<Boolean> TRUST = Setting.bool(CLUSTER_TRUST_WITHOUT_SECURITY, false,
         "with Artemis security disabled, take any client that names the cluster user for another node of the cluster "
               + "(a closed network only); when false, the operations between nodes are refused there");

   /** Every setting, in the order the documentation lists them. */
   public static final List<Setting<?>> SETTINGS = List.of(TAG, LENGTH, CONDITIONS, DEPTH, LIST_ITEMS, INDEX, CONFIRM,
         TYPEB, TRUST);

   public static final PluginSettings DEFAULT = from(Map.of());

   public static PluginSettings from(Map<String, String> properties) {
      Set<String> unknown = new TreeSet<>(properties.keySet());
      SETTINGS.forEach(setting -> unknown.remove(setting.key()));
      if (!unknown.isEmpty()) {
         List<String> known = SETTINGS.stream().map(Setting::key).toList();
         throw unknown.size() == 1 ? PluginLogger.unknownSetting(unknown, known) : PluginLogger.unknownSettings(unknown, known);
      }
      RuleLimits limits = new RuleLimits(LENGTH.read(properties.get(MAX_RULE_LENGTH)),
            CONDITIONS.read(properties.get(MAX_CONDITIONS)), DEPTH.read(properties.get(MAX_DEPTH)),
            LIST_ITEMS.read(properties.get(MAX_LIST_ITEMS)));
      return new PluginSettings(new MessageModel(TAG.read(properties.get(TAG_PROPERTY))), limits,
            INDEX.read(properties.get(ROUTING_INDEX)), CONFIRM.read(properties.get(CHANGE_CONFIRM_TIMEOUT)),
            TYPEB.read(properties.get(TYPEB_ADDRESSES)), TRUST.read(properties.get(CLUSTER_TRUST_WITHOUT_SECURITY)));
   }
}
