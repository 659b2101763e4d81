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
package io.rulefilter;

import io.rulefilter.internal.eval.RuleCompiler;
import io.rulefilter.internal.parse.RuleParser;
import io.rulefilter.internal.sql.SqlTranslator;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The translator's API boundary. The supported API is the public types of {@link #SUPPORTED}; everything else is in
 * {@code io.rulefilter.internal.*}, public only for RuleFilter's own modules. A supported signature must not name an
 * internal type, or a user could come to depend on it without meaning to; a change that does fails here.
 */
class SupportedApiTest {

   static final Set<String> SUPPORTED = ApiBoundary.TRANSLATOR_API;

   /** Whether {@code type} may appear in a supported signature: supported here, or Java's own. */
   static boolean supported(Class<?> type) {
      return SUPPORTED.contains(type.getPackageName()) || type.getPackageName().startsWith("java.");
   }

   @Test
   void everyPackageIsSupportedOrInternal() {
      assertThat(ApiBoundary.packages(RuleLanguage.class))
            .allSatisfy(p -> assertThat(SUPPORTED.contains(p) || p.startsWith("io.rulefilter.internal."))
                  .as("%s is listed as supported or named io.rulefilter.internal.*", p).isTrue());
   }

   @Test
   void supportedSignaturesNameNoInternalType() {
      List<Class<?>> types = ApiBoundary.publicTypes(RuleLanguage.class, SUPPORTED);
      assertThat(types).as("the supported types are found").hasSizeGreaterThan(20);
      assertThat(ApiBoundary.leaks(types, SupportedApiTest::supported)).isEmpty();
   }

   @Test
   void theCheckFindsALeakEvenInATypeArgument() {
      assertThat(ApiBoundary.leaks(List.of(Leaky.class), SupportedApiTest::supported)).containsExactly(
            "io.rulefilter.SupportedApiTest$Leaky.<init>: io.rulefilter.internal.parse.RuleParser",
            "io.rulefilter.SupportedApiTest$Leaky.compilers: io.rulefilter.internal.eval.RuleCompiler");
   }

   /** Leaks two internal types; its private member does not count. */
   public static final class Leaky {

      public Leaky(RuleParser parser) {
      }

      public List<? extends RuleCompiler> compilers() {
         return List.of();
      }

      private SqlTranslator translator() {
         return null;
      }
   }
}
