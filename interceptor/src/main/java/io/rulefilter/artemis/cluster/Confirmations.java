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
package io.rulefilter.artemis.cluster;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** Waits for calls made to several nodes at once. */
final class Confirmations {

   private Confirmations() {
   }

   /**
    * Waits for every call, also after one has failed (so that none is still on its way when the caller acts on the
    * failure), then throws the first failure, if any.
    */
   static void awaitAll(List<CompletableFuture<Void>> calls) {
      RuntimeException first = null;
      for (CompletableFuture<Void> call : calls) {
         try {
            call.join();
         } catch (CompletionException e) {
            if (first == null) {
               first = e.getCause() instanceof RuntimeException cause ? cause : e;
            }
         }
      }
      if (first != null) {
         throw first;
      }
   }
}
