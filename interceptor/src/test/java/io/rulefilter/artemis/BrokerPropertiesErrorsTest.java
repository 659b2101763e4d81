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

import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Broker properties applied by Artemis's own parser, as {@code artemis run} applies etc/broker.properties. */
class BrokerPropertiesErrorsTest {

   private static final String PLUGIN = "brokerPlugins.\"io.rulefilter.artemis.RuleFilterPlugin.class\".init=";

   @TempDir
   Path dir;

   @Test
   void goodSettingsConfigureThePluginAndLeaveNoError() throws Exception {
      Configuration configuration = applied(PLUGIN + "tag-property=msgType,max-depth=8");
      BrokerPropertiesErrors.refuseStartIfAny(configuration);
      assertThat(configuration.getBrokerPlugins()).hasSize(1);
   }

   @Test
   void aRefusedValueIsNamedWithItsReason() throws Exception {
      Configuration configuration = applied(PLUGIN + "max-depth=0");
      assertThat(configuration.getBrokerPlugins()).as("Artemis registers the plugin anyway").hasSize(1);
      assertThatThrownBy(() -> BrokerPropertiesErrors.refuseStartIfAny(configuration))
            .isInstanceOf(IllegalStateException.class)
            .hasMessage("RFL3201 RuleFilter: not started, its broker properties were refused: " + PLUGIN + "max-depth=0: "
                  + "java.lang.IllegalArgumentException: RFL3202 RuleFilter: property 'max-depth' must be a whole number "
                  + "from 1 to 64, was '0'");
   }

   @Test
   void anEntryNotInKeyValueFormIsNamed() throws Exception {
      Configuration configuration = applied(PLUGIN + "tag-property");
      assertThatThrownBy(() -> BrokerPropertiesErrors.refuseStartIfAny(configuration))
            .hasMessageEndingWith(PLUGIN + "tag-property: java.lang.IllegalArgumentException: map value tag-property "
                  + "not in k=v format");
   }

   /** Another component's wrong property is Artemis's to report: RuleFilter starts. */
   @Test
   void anotherPropertysErrorIsNotOurs() throws Exception {
      Configuration configuration = applied("noSuchBrokerSetting=1\n" + PLUGIN + "tag-property=JMSType");
      assertThat(configuration.getStatus()).contains("noSuchBrokerSetting");
      BrokerPropertiesErrors.refuseStartIfAny(configuration);
   }

   /** A status RuleFilter cannot read (Artemis's form changed) is logged, and does not stop a broker. */
   @Test
   void anUnreadableStatusFindsNothing() {
      assertThat(BrokerPropertiesErrors.about(RuleFilterPlugin.class.getName(), "{not json")).isEmpty();
      assertThat(BrokerPropertiesErrors.about(RuleFilterPlugin.class.getName(), "[]")).isEmpty();
   }

   private Configuration applied(String properties) throws Exception {
      Path file = dir.resolve("broker.properties");
      Files.writeString(file, properties + "\n", StandardCharsets.UTF_8);
      return new ConfigurationImpl().parseProperties(file.toString());
   }
}
