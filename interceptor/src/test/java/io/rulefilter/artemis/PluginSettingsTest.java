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

import io.rulefilter.parse.RuleLimits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

class PluginSettingsTest {

   @Test
   void defaultsFollowTheSpec() {
      PluginSettings settings = PluginSettings.from(Map.of());
      assertThat(settings.model().tagProperty()).isEqualTo("JMSType");
      assertThat(settings.limits()).isEqualTo(RuleLimits.DEFAULT);
      assertThat(settings.routingIndex()).isTrue();
      assertThat(settings.typeBAddresses().patterns()).isEmpty();
   }

   @Test
   void everyPropertyIsRead() {
      PluginSettings settings = PluginSettings.from(Map.of("tag-property", " msgType ", "max-rule-length", "100",
            "max-conditions", "5", "max-depth", "3", "max-list-items", "7", "routing-index", "false", "change-confirm-timeout-ms", "250",
            "typeb-addresses", " bags.# , crew.*", "cluster-trust-without-security", "true"));
      assertThat(settings.model().tagProperty()).isEqualTo("msgType");
      assertThat(settings.limits()).isEqualTo(new RuleLimits(100, 5, 3, 7));
      assertThat(PluginSettings.DEFAULT.limits().maxListItems()).isEqualTo(1024);
      assertThat(settings.routingIndex()).isFalse();
      assertThat(settings.changeConfirmTimeoutMs()).isEqualTo(250);
      assertThat(settings.typeBAddresses().patterns()).containsExactly("bags.#", "crew.*");
      for (String none : new String[] {"none", "NONE", " None "}) {
         assertThat(PluginSettings.from(Map.of("typeb-addresses", none)).typeBAddresses().patterns())
               .as("the default, written out as %s", none).isEmpty();
      }
      assertThat(settings.clusterTrustWithoutSecurity()).isTrue();
      assertThat(PluginSettings.DEFAULT.clusterTrustWithoutSecurity()).as("off unless the operator opts in").isFalse();
   }

   @ParameterizedTest(name = "{0}={1}")
   @CsvSource(delimiter = '|', textBlock = """
         tag-propery     | JMSType | RFL3203 RuleFilter: unknown property [tag-propery]; known: [tag-property, max-rule-length, max-conditions, max-depth, max-list-items, routing-index, change-confirm-timeout-ms, typeb-addresses, cluster-trust-without-security]
         tag-property    | ' '     | RFL3202 RuleFilter: property 'tag-property' must not be empty, was ' '
         max-rule-length | 0       | RFL3202 RuleFilter: property 'max-rule-length' must be a whole number of at least 1, was '0'
         max-conditions  | lots    | RFL3202 RuleFilter: property 'max-conditions' must be a whole number of at least 1, was 'lots'
         max-depth       | -3      | RFL3202 RuleFilter: property 'max-depth' must be a whole number from 1 to 64, was '-3'
         max-depth       | 65      | RFL3202 RuleFilter: property 'max-depth' must be a whole number from 1 to 64, was '65'
         max-list-items  | 0       | RFL3202 RuleFilter: property 'max-list-items' must be a whole number of at least 1, was '0'
         routing-index   | yes     | RFL3202 RuleFilter: property 'routing-index' must be true or false, was 'yes'
         change-confirm-timeout-ms | 0 | RFL3202 RuleFilter: property 'change-confirm-timeout-ms' must be a whole number of at least 1, was '0'
         typeb-addresses | 'bags.#,,crew' | RFL3202 RuleFilter: property 'typeb-addresses' must be address patterns separated by commas, none of them empty, was 'bags.#,,crew'
         cluster-trust-without-security | 1 | RFL3202 RuleFilter: property 'cluster-trust-without-security' must be true or false, was '1'
         """)
   void aWrongValueIsNamed(String key, String value, String message) {
      assertThatThrownBy(() -> PluginSettings.from(Map.of(key, value)))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage(message);
   }

   @Test
   void severalUnknownPropertiesAreNamedTogether() {
      assertThatThrownBy(() -> PluginSettings.from(Map.of("colour", "red", "size", "9")))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageStartingWith("RFL3204 RuleFilter: unknown properties [colour, size]; known: [tag-property, ");
   }

   /** The manual's settings table (docs/operations.md) is the settings as declared: every row, in order, nothing else. */
   @Test
   void theManualsTableListsEverySettingAsDeclared() throws Exception {
      List<String> lines = Files.readAllLines(Path.of("../docs/operations.md"));
      int header = lines.indexOf("| key | type | default | what it sets |");
      assertThat(header).as("the settings table").isNotNegative();
      List<String> rows = lines.subList(header + 2, lines.size()).stream().takeWhile(l -> l.startsWith("|")).toList();
      assertThat(rows).containsExactlyElementsOf(PluginSettings.SETTINGS.stream().map(Setting::markdownRow).toList());
   }
}
