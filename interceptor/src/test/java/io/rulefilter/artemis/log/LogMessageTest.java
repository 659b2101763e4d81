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
package io.rulefilter.artemis.log;

import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LogMessageTest {

   @Test
   void saysItsIdInFourDigitsThenRuleFilterThenItsText() {
      LogMessage message = LogMessage.warn(LoggerFactory.getLogger(LogMessageTest.class), 42, "queue '{}' is {}");

      assertThat(message.format()).isEqualTo("RFL0042 RuleFilter: queue '{}' is {}");
      assertThat(LogMessage.idText(2602)).isEqualTo("RFL2602");
   }

   @Test
   void aThrownMessageIsTheExceptionsMessageAndKeepsItsCause() {
      Exception cause = new IllegalArgumentException("refused");

      IllegalStateException thrown = PluginLogger.managementNotRegistered(cause);

      assertThat(thrown).hasMessage("RFL3002 RuleFilter: could not register its management operations").hasCause(cause);
   }

   @Test
   void aThrownMessageIsNotLogged() {
      LogMessage message = LogMessage.thrown(LoggerFactory.getLogger(LogMessageTest.class), 3999, "failed");

      assertThatThrownBy(message::log).isInstanceOf(IllegalStateException.class).hasMessageContaining("RFL3999");
   }
}
