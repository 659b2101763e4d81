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

import io.rulefilter.RuleLanguage;
import io.rulefilter.eval.CompiledRule;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.core.message.impl.CoreMessage;
import org.apache.activemq.artemis.selector.filter.Filterable;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A rule that throws while deciding a message keeps the message out of that one subscription: the send goes on, no
 * exception reaches the caller, however many rules fail at once on however many threads.
 */
class EvaluationFailuresTest {

   /** A filter that fails as a rule reading an undecodable property would. */
   private static final class Failing implements Filter {
      final AtomicInteger calls = new AtomicInteger();

      @Override
      public boolean match(Message message) {
         calls.incrementAndGet();
         throw new IllegalStateException("cannot decode the properties");
      }

      @Override
      public boolean match(Map<String, String> map) {
         return true;
      }

      @Override
      public boolean match(Filterable filterable) {
         return true;
      }

      @Override
      public SimpleString getFilterString() {
         return SimpleString.of("broken");
      }
   }

   @Test
   void aFailureIsARejection() {
      assertThat(EvaluationFailures.reject("queue q", new IllegalStateException("x"))).isFalse();
   }

   @Test
   void aPolicyWhoseRuleThrowsRejectsTheMessageAndADisabledOneDoesNotEvaluate() {
      Failing failing = new Failing();
      CoreMessage message = new CoreMessage(1, 64);
      ArtemisMessageView view = new ArtemisMessageView("JMSType").of(message);
      assertThat(new SubscriptionPolicy(null, failing, null, true).accepts(message, view)).isFalse();
      assertThat(failing.calls).hasValue(1);
      assertThat(new SubscriptionPolicy(null, failing, null, false).accepts(message, view)).as("switched off").isTrue();
      assertThat(failing.calls).hasValue(1);
      CompiledRule rejectsAll = RuleLanguage.standard().compile(RuleLanguage.standard().parse("@tag weq NONE"));
      assertThat(new SubscriptionPolicy(null, failing, rejectsAll, true).accepts(message, view))
            .as("the address rule decides first").isFalse();
      assertThat(failing.calls).hasValue(1);
   }

   @Test
   void manyFailuresOnManyThreadsAreAllRejectionsAndNoneEscapes() throws Exception {
      ExecutorService threads = Executors.newFixedThreadPool(4);
      try {
         List<Future<Integer>> results = new ArrayList<>();
         for (int t = 0; t < 4; t++) {
            Callable<Integer> task = () -> {
               int rejected = 0;
               for (int i = 0; i < 10_000; i++) {
                  rejected += EvaluationFailures.reject("queue q" + i, new IllegalStateException("x")) ? 0 : 1;
               }
               return rejected;
            };
            results.add(threads.submit(task));
         }
         for (Future<Integer> result : results) {
            assertThat(result.get()).isEqualTo(10_000);
         }
      } finally {
         threads.shutdownNow();
      }
   }
}
