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
package io.rulefilter.testing;

import io.rulefilter.ApiBoundary;
import io.rulefilter.artemis.management.RuleFilterControlMBean;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Test-support's API boundary: the public types of {@code io.rulefilter.testing} are supported, and their public
 * signatures name only supported types (this package's, the translator's, the plugin's), Java's, JMS's, JUnit's and
 * Artemis's; {@code io.rulefilter.testing.internal} is internal.
 */
class SupportedTestingApiTest {

   static final Set<String> SUPPORTED = Set.of("io.rulefilter.testing");

   static boolean supported(Class<?> type) {
      String pkg = type.getPackageName();
      return SUPPORTED.contains(pkg) || ApiBoundary.TRANSLATOR_API.contains(pkg) || pkg.equals("io.rulefilter.artemis")
            || type == RuleFilterControlMBean.class || pkg.startsWith("java.") || pkg.startsWith("jakarta.jms")
            || pkg.startsWith("org.junit.") || pkg.startsWith("org.apache.activemq.artemis.");
   }

   @Test
   void everyPackageIsSupportedOrInternal() {
      assertThat(ApiBoundary.packages(RuleFilterExtension.class)).containsExactlyInAnyOrder("io.rulefilter.testing",
            "io.rulefilter.testing.internal");
   }

   @Test
   void supportedSignaturesNameNoInternalType() {
      List<Class<?>> types = ApiBoundary.publicTypes(RuleFilterExtension.class, SUPPORTED);
      assertThat(types).contains(RuleFilterExtension.class, AirportMessage.class, Subscriber.class, RuleAssert.class);
      assertThat(ApiBoundary.leaks(types, SupportedTestingApiTest::supported)).isEmpty();
   }
}
