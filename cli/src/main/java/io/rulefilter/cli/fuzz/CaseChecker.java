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
package io.rulefilter.cli.fuzz;

import io.rulefilter.RuleLanguage;
import io.rulefilter.eval.CompiledRule;
import io.rulefilter.parse.RuleSyntaxException;
import io.rulefilter.rule.Rule;
import io.rulefilter.sql.SqlFilter;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.core.filter.impl.FilterImpl;
import org.apache.activemq.artemis.core.message.impl.CoreMessage;
import org.apache.activemq.artemis.utils.SelectorTranslator;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Optional;

/**
 * Checks one case against every promise the language makes: only {@link RuleSyntaxException} escapes; the canonical
 * text parses back to the same rule; the selector form reaches the broker unchanged by the JMS client and parses as
 * Artemis SQL; an EXACT translation decides like the rule and a SUPERSET one never rejects what the rule accepts,
 * once the client has rewritten it; and checking, translating and evaluating stay within time bounds.
 */
final class CaseChecker {

   /** Parse, translate and compile: "a few milliseconds" by the contract; the bound leaves room for a slow machine. */
   static final long PREPARE_BOUND_NANOS = 250_000_000L;
   /** One evaluation, ours or Artemis's, on values of up to 64 KB; an exploding matcher costs seconds. */
   static final long EVALUATION_BOUND_NANOS = 250_000_000L;
   /**
    * The bounds are on the checking thread's own CPU time, not the wall clock: what the work costs, so that other
    * processes on a loaded machine or a GC pause cannot fail a case (a wall-clock bound did, at 284 ms for 13 LIKE
    * pieces on 64 KB while the machine ran two builds), while a matcher that explodes still shows.
    */
   private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

   private final RuleLanguage language = RuleLanguage.standard();
   private long longestPrepare;
   private long longestOurs;
   private long longestArtemis;
   private boolean lastRejected;

   Optional<Finding> check(FuzzCase c) {
      try {
         return checkOrThrow(c);
      } catch (Throwable unexpected) {
         StringWriter trace = new StringWriter();
         unexpected.printStackTrace(new PrintWriter(trace));
         return Optional.of(new Finding("unexpected-" + unexpected.getClass().getSimpleName(), trace.toString()));
      }
   }

   private Optional<Finding> checkOrThrow(FuzzCase c) throws Exception {
      long start = cpuNanos();
      Rule rule;
      lastRejected = false;
      try {
         rule = language.parse(c.rule());
      } catch (RuleSyntaxException rejected) {
         lastRejected = true;
         return within("slow-rejection", start, PREPARE_BOUND_NANOS, true);
      }
      String canonical = rule.canonical();
      Rule again = language.parse(canonical);
      if (!again.equals(rule) || !again.canonical().equals(canonical)) {
         return Optional.of(new Finding("canonical-unstable", "canonical: " + canonical + "\nparsed back: " + again.canonical()));
      }
      SqlFilter sql = language.translate(rule);
      String selector = language.selector(rule);
      CompiledRule compiled = language.compile(rule);
      Optional<Finding> slow = within("slow-preparation", start, PREPARE_BOUND_NANOS, true);
      if (slow.isPresent()) {
         return slow;
      }
      String sent = SelectorTranslator.convertToActiveMQFilterString(selector);
      if (!sent.equals(selector)) {
         return Optional.of(new Finding("client-rewrites", "selector: " + selector + "\nsent:     " + sent));
      }
      Filter artemis = FilterImpl.createFilter(sent);
      for (FuzzMessage message : c.messages()) {
         long ourStart = cpuNanos();
         boolean ours = compiled.matches(message.view());
         long ourTime = cpuNanos() - ourStart;
         longestOurs = Math.max(longestOurs, ourTime);
         CoreMessage core = message.toCore();
         long theirStart = cpuNanos();
         boolean theirs = artemis.match(core);
         long theirTime = cpuNanos() - theirStart;
         longestArtemis = Math.max(longestArtemis, theirTime);
         String context = "filter: " + sql.filter() + " (" + sql.exactness() + ")\nmessage: " + message;
         if (ourTime > EVALUATION_BOUND_NANOS) {
            return Optional.of(new Finding("slow-evaluation", ourTime / 1_000_000 + " ms\n" + context));
         }
         if (theirTime > EVALUATION_BOUND_NANOS) {
            return Optional.of(new Finding("slow-artemis-evaluation", theirTime / 1_000_000 + " ms\n" + context));
         }
         if (sql.isExact() && ours != theirs) {
            return Optional.of(new Finding("exact-disagrees", "rule " + ours + ", Artemis " + theirs + "\n" + context));
         }
         if (ours && !theirs) {
            return Optional.of(new Finding("superset-rejects", "rule accepts, Artemis rejects\n" + context));
         }
      }
      return Optional.empty();
   }

   private Optional<Finding> within(String kind, long start, long bound, boolean prepare) {
      long took = cpuNanos() - start;
      if (prepare) {
         longestPrepare = Math.max(longestPrepare, took);
      }
      return took > bound ? Optional.of(new Finding(kind, took / 1_000_000 + " ms")) : Optional.empty();
   }

   private static long cpuNanos() {
      return THREADS.getCurrentThreadCpuTime();
   }

   /** Whether the last case checked had a rule that was rejected with a rule error. */
   boolean lastRejected() {
      return lastRejected;
   }

   long longestPrepareNanos() {
      return longestPrepare;
   }

   long longestEvaluationNanos() {
      return longestOurs;
   }

   long longestArtemisEvaluationNanos() {
      return longestArtemis;
   }
}
