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
package io.rulefilter.artemis.protocol;

import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.internal.PluginParts;
import io.rulefilter.artemis.testing.InVmBroker;
import io.rulefilter.selector.RuleSelector;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.CoreAddressConfiguration;
import org.apache.activemq.artemis.core.config.CoreQueueConfiguration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.filter.impl.FilterImpl;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Queues declared in the broker configuration with a raw rule reach Artemis in the selector form, at start and on reload. */
class ConfigurationRewriterTest {

   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();

   private final ConfigurationRewriter rewriter = new ConfigurationRewriter(new SelectorRewriter(LANGUAGE));

   private static CoreAddressConfiguration address(String name, QueueConfiguration... queues) {
      CoreAddressConfiguration address = new CoreAddressConfiguration().setName(name).addRoutingType(RoutingType.MULTICAST);
      for (QueueConfiguration queue : queues) {
         address.addQueueConfig(queue);
      }
      return address;
   }

   private static QueueConfiguration queue(String name, String filter) {
      return QueueConfiguration.of(name).setAddress("airport.events").setRoutingType(RoutingType.MULTICAST).setFilterString(filter);
   }

   @Test
   void rawRulesBecomeTheSelectorFormAndEverythingElseIsLeftAlone() throws Exception {
      QueueConfiguration raw = queue("bags", "@tag beg BS");
      QueueConfiguration sql = queue("heavy", "bagCount > 5");
      QueueConfiguration none = queue("all", null);
      QueueConfiguration form = queue("ca", LANGUAGE.selector(LANGUAGE.parse("airline weq CA")));
      QueueConfiguration invalid = queue("broken", "bagCount gt many");
      QueueConfiguration topLevel = queue("top", "flight beg CA");
      Configuration configuration = new ConfigurationImpl()
            .addAddressConfiguration(address("airport.events", raw, sql, none, form, invalid))
            .addQueueConfiguration(topLevel);

      rewriter.rewrite(configuration);

      // Artemis keeps its own copy of a top-level queue, and deploys from it
      QueueConfiguration topLevelDeployed = configuration.getQueueConfigs().get(0);
      for (QueueConfiguration rewritten : List.of(raw, topLevelDeployed)) {
         String filter = rewritten.getFilterString().toString();
         assertThat(RuleSelector.ruleText(filter)).as(rewritten.getName().toString()).isPresent();
         assertThat(RuleSelector.sentText(filter)).as("a configured queue keeps no client text").isEmpty();
         FilterImpl.createFilter(filter);
      }
      assertThat(RuleSelector.ruleText(raw.getFilterString().toString())).contains("@tag beg BS");
      assertThat(RuleSelector.ruleText(topLevelDeployed.getFilterString().toString())).contains("flight beg CA");
      assertThat(sql.getFilterString().toString()).isEqualTo("bagCount > 5");
      assertThat((Object) none.getFilterString()).isNull();
      assertThat(form.getFilterString().toString()).isEqualTo(LANGUAGE.selector(LANGUAGE.parse("airline weq CA")));
      assertThat(invalid.getFilterString().toString()).as("refused: Artemis will not deploy it")
            .contains("expected a number after 'gt', found 'many'").endsWith(SelectorRewriter.REFUSED);
      assertThatThrownBy(() -> FilterImpl.createFilter(invalid.getFilterString())).hasMessageContaining("expected a number");
   }

   @Test
   void aReloadedConfigurationIsRewrittenAgain() {
      Configuration configuration = new ConfigurationImpl().addAddressConfiguration(address("a", queue("q1", "@tag weq BSM")));
      rewriter.rewrite(configuration);
      String once = configuration.getAddressConfigurations().get(0).getQueueConfigs().get(0).getFilterString().toString();
      rewriter.rewrite(configuration);
      assertThat(configuration.getAddressConfigurations().get(0).getQueueConfigs().get(0).getFilterString().toString())
            .as("rewriting twice changes nothing").isEqualTo(once);

      QueueConfiguration reloaded = queue("q2", "@tag weq MVT");
      configuration.setAddressConfigurations(new ArrayList<>(List.of(address("a", reloaded)))); // as a broker.xml reload does
      rewriter.rewrite(configuration);
      assertThat(RuleSelector.ruleText(reloaded.getFilterString().toString())).contains("@tag weq MVT");
   }

   @Test
   void aBrokerDeploysAConfiguredRawRuleQueueFilteringByItsRule() throws Exception {
      try (InVmBroker broker = InVmBroker.start(Map.of(), config ->
            config.addAddressConfiguration(address("airport.events", queue("bags", "@tag beg BS"), queue("all", null))))) {
         assertThat(broker.routes(broker.message("airport.events", "BSM", Map.of()))).containsExactly("all", "bags");
         assertThat(broker.routes(broker.message("airport.events", "MVT", Map.of()))).containsExactly("all");
         assertThat(PluginParts.registry(broker.plugin()).queries().info("airport.events", "bags").rule()).isEqualTo("@tag beg BS");
      }
   }

   @Test
   void aChangedRawRuleInTheConfigurationTakesEffectAtTheNextStartForAddressAndTopLevelQueues() throws Exception {
      try (InVmBroker broker = InVmBroker.start(Map.of(), config -> config
            .addAddressConfiguration(address("airport.events", queue("bags", "@tag beg BS"), queue("all", null)))
            .addQueueConfiguration(queue("top", "@tag beg BS")))) {
         assertThat(broker.routes(broker.message("airport.events", "BSM", Map.of()))).containsExactly("all", "bags", "top");
         Configuration config = broker.server().getConfiguration();
         // broker.xml edited: both rules now take BP..., as the next start reads them
         config.setAddressConfigurations(new ArrayList<>(List.of(
               address("airport.events", queue("bags", "@tag beg BP"), queue("all", null)))));
         config.setQueueConfigurations(new ArrayList<>(List.of(
               CoreQueueConfiguration.fromQueueConfiguration(queue("top", "@tag beg BP")))));
         broker.restart();
         assertThat(broker.routes(broker.message("airport.events", "BPM", Map.of()))).containsExactly("all", "bags", "top");
         assertThat(broker.routes(broker.message("airport.events", "BSM", Map.of()))).containsExactly("all");
      }
   }
}
