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
package io.rulefilter.broker;

import java.util.concurrent.CountDownLatch;

/**
 * What {@code rulefilter broker} and {@code rulefilter cluster} do until they are asked to stop (Ctrl-C, a TERM
 * signal): when the JVM shuts down, close what they started and say so, or say what went wrong; {@link #await} returns
 * once that is done.
 */
final class UntilShutdown {

   /** What the command closes when it stops. */
   interface Closing {
      void close() throws Exception;
   }

   private final CountDownLatch stopped = new CountDownLatch(1);

   private UntilShutdown() {
   }

   /** On shutdown, closes {@code what} ("broker", "cluster") with {@code closing}. */
   static UntilShutdown closing(String what, Closing closing) {
      UntilShutdown until = new UntilShutdown();
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
         try {
            closing.close();
            System.out.println("RuleFilter " + what + " stopped");
         } catch (Exception e) {
            System.err.println("rulefilter " + what + ": error while stopping: " + e);
         } finally {
            until.stopped.countDown();
         }
      }, "rulefilter-" + what + "-shutdown"));
      return until;
   }

   /** Returns once the shutdown has closed everything. */
   void await() throws InterruptedException {
      stopped.await();
   }
}
