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
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.LegacyAbstractLogger;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

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
   void eachLevelIsSaidAtThatLevel() {
      Recording logger = new Recording();

      LogMessage.debug(logger, 1, "a {}").log("debug");
      LogMessage.info(logger, 2, "b {}").log("info");
      LogMessage.warn(logger, 3, "c {}").log("warn");
      LogMessage.error(logger, 4, "d {}").log("error");

      assertThat(logger.said).containsExactly("DEBUG RFL0001 RuleFilter: a {} [debug]", "INFO RFL0002 RuleFilter: b {} [info]",
            "WARN RFL0003 RuleFilter: c {} [warn]", "ERROR RFL0004 RuleFilter: d {} [error]");
   }

   @Test
   void aThrowableBeyondThePlaceholdersIsAttachedWithItsStackTrace() {
      Recording logger = new Recording();
      Exception cause = new IllegalStateException("journal closed");

      LogMessage.warn(logger, 2101, "could not drop the stored record '{}'").log("key-1", cause);
      LogMessage.warn(logger, 2105, "ignoring {}, which does not parse: {}").log("queue 'q'", cause.getMessage());

      assertThat(logger.said).containsExactly("WARN RFL2101 RuleFilter: could not drop the stored record '{}' [key-1] "
            + "thrown: journal closed", "WARN RFL2105 RuleFilter: ignoring {}, which does not parse: {} [queue 'q', journal closed]");
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

   /** An SLF4J logger that keeps what it is told: level, format, arguments and the throwable SLF4J attaches. */
   private static final class Recording extends LegacyAbstractLogger {

      private final List<String> said = new ArrayList<>();

      @Override
      protected void handleNormalizedLoggingCall(Level level, Marker marker, String format, Object[] arguments,
            Throwable throwable) {
         said.add(level + " " + format + " " + Arrays.toString(arguments)
               + (throwable == null ? "" : " thrown: " + throwable.getMessage()));
      }

      @Override
      protected String getFullyQualifiedCallerName() {
         return null;
      }

      @Override
      public boolean isTraceEnabled() {
         return true;
      }

      @Override
      public boolean isDebugEnabled() {
         return true;
      }

      @Override
      public boolean isInfoEnabled() {
         return true;
      }

      @Override
      public boolean isWarnEnabled() {
         return true;
      }

      @Override
      public boolean isErrorEnabled() {
         return true;
      }
   }
}
