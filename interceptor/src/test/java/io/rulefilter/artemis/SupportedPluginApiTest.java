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

import io.rulefilter.ApiBoundary;
import io.rulefilter.artemis.management.RuleFilterControlMBean;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The plugin's API boundary. Supported: the public types of {@code io.rulefilter.artemis} (the plugin, its settings)
 * and the management operations of {@link RuleFilterControlMBean}. Internal: {@code io.rulefilter.artemis.internal}
 * and the packages of {@link #INTERNAL}, which keep their names (their package-info says they are internal): Artemis
 * loads the plugin from its classpath, where no module-info can hide them, so what keeps a user from depending on
 * them by accident is that no supported signature names one; a change that makes one do so fails here.
 */
class SupportedPluginApiTest {

   static final Set<String> SUPPORTED = Set.of("io.rulefilter.artemis");
   static final Set<String> INTERNAL = Set.of("io.rulefilter.artemis.internal", "io.rulefilter.artemis.cluster",
         "io.rulefilter.artemis.log", "io.rulefilter.artemis.management", "io.rulefilter.artemis.protocol",
         "io.rulefilter.artemis.routing", "io.rulefilter.artemis.server", "io.rulefilter.artemis.store",
         "io.rulefilter.artemis.subscription");

   /** Whether {@code type} may appear in a supported signature: the plugin's or the translator's API, Java's, Artemis's. */
   static boolean supported(Class<?> type) {
      String pkg = type.getPackageName();
      return SUPPORTED.contains(pkg) || ApiBoundary.TRANSLATOR_API.contains(pkg) || type == RuleFilterControlMBean.class
            || pkg.startsWith("java.") || pkg.startsWith("org.apache.activemq.artemis.");
   }

   @Test
   void everyPackageIsSupportedOrInternal() {
      assertThat(ApiBoundary.packages(RuleFilterPlugin.class))
            .allSatisfy(p -> assertThat(SUPPORTED.contains(p) || INTERNAL.contains(p))
                  .as("%s is listed as supported or internal", p).isTrue());
   }

   @Test
   void supportedSignaturesNameNoInternalType() {
      List<Class<?>> types = new ArrayList<>(ApiBoundary.publicTypes(RuleFilterPlugin.class, SUPPORTED));
      types.add(RuleFilterControlMBean.class);
      assertThat(types).contains(RuleFilterPlugin.class, PluginSettings.class, Setting.class, TypeBAddresses.class);
      assertThat(ApiBoundary.leaks(types, SupportedPluginApiTest::supported)).isEmpty();
   }
}
