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
package io.rulefilter.client;

import picocli.CommandLine.Option;

/** The broker URL and credentials, the same for every command that talks to a running broker (rules, publish, subscribe). */
public final class ConnectionOptions {

   @Option(names = "--url", defaultValue = "${env:RULEFILTER_URL:-tcp://127.0.0.1:61616}",
         description = "broker URL (default: $RULEFILTER_URL or tcp://127.0.0.1:61616)")
   String url;

   @Option(names = "--user", defaultValue = "${env:RULEFILTER_USER:-admin}",
         description = "the broker user; rules needs one with the MANAGE permission (default: $RULEFILTER_USER or admin)")
   String user;

   @Option(names = "--password", defaultValue = "${env:RULEFILTER_PASSWORD:-admin}",
         description = "password (default: $RULEFILTER_PASSWORD or admin)")
   String password;

   /** A session on the broker these options name. */
   BrokerSession open() throws BrokerSession.Failure {
      return BrokerSession.open(url, user, password);
   }

   /** A management client of the broker these options name. */
   ManagementClient management() throws ManagementClient.ManagementException {
      return new ManagementClient(url, user, password);
   }
}
