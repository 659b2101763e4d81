package io.rulefilter.artemis.routing;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * A rule that throws while deciding a message (a message whose properties cannot be decoded, or a defect) rejects
 * the message for that subscription only, as Artemis's own filters do, instead of failing the whole send and
 * stalling a bridge that forwards it. Failures are counted and logged at most once a minute.
 */
final class EvaluationFailures {

   private static final Logger LOG = LoggerFactory.getLogger(EvaluationFailures.class);
   private static final long QUIET_NANOS = 60_000_000_000L;
   private static final LongAdder COUNT = new LongAdder();
   private static final AtomicLong LAST_LOG = new AtomicLong(System.nanoTime() - QUIET_NANOS);

   private EvaluationFailures() {
   }

   /** Counts and (rate-limited) logs a failure; returns false, the verdict of a failed evaluation. */
   static boolean reject(Object where, RuntimeException failure) {
      COUNT.increment();
      long last = LAST_LOG.get();
      long now = System.nanoTime();
      if (now - last >= QUIET_NANOS && LAST_LOG.compareAndSet(last, now)) {
         LOG.warn("RFL2501 RuleFilter: a rule failed to decide a message ({}); the message is kept out of that "
               + "subscription ({} such failures so far)", where, COUNT.sum(), failure);
      }
      return false;
   }
}
