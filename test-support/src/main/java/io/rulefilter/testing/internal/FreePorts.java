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
package io.rulefilter.testing.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/** Loopback ports nothing listens on now, for a broker's acceptor. */
public final class FreePorts {

   private FreePorts() {
   }

   /** A port the system has just handed out and released (another process may still take it before the broker). */
   public static int any() {
      try (ServerSocket socket = new ServerSocket(0)) {
         return socket.getLocalPort();
      } catch (IOException e) {
         throw new UncheckedIOException("no free port", e);
      }
   }

   /** {@code count} different free ports, one for each node of a cluster. */
   public static List<Integer> distinct(int count) {
      List<Integer> ports = new ArrayList<>();
      while (ports.size() < count) {
         int port = any();
         if (!ports.contains(port)) {
            ports.add(port);
         }
      }
      return List.copyOf(ports);
   }
}
