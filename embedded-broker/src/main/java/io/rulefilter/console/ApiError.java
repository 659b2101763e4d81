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
package io.rulefilter.console;

/** A request the API refuses: the HTTP status and one line saying why, which is all the client sees. */
final class ApiError extends Exception {

   private final int status;

   ApiError(int status, String message) {
      super(message, null, false, false); // the message is the answer; a stack trace would only be noise
      this.status = status;
   }

   int status() {
      return status;
   }

   static ApiError badRequest(String message) {
      return new ApiError(400, message);
   }
}
