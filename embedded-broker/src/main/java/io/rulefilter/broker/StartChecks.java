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

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * What the broker and cluster commands check before Artemis starts: a port in use or a data directory that cannot be
 * made is then one line for the user, where Artemis would log a warning with a stack trace first.
 */
final class StartChecks {

   private StartChecks() {
   }

   /** Fails when something already listens on 127.0.0.1:{@code port} (Artemis's own check stays as the fallback). */
   static void requireFreePort(int port) {
      try (ServerSocket probe = new ServerSocket()) {
         probe.setReuseAddress(true); // as Artemis binds: a port left in TIME_WAIT is free
         probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      } catch (BindException e) {
         throw new IllegalStateException("the broker could not listen on 127.0.0.1:" + port
               + " (is the port in use by another process?)");
      } catch (IOException e) {
         throw new IllegalStateException("cannot listen on 127.0.0.1:" + port + ": " + e.getMessage());
      }
   }

   /** Makes {@code directory} (and its parents) and fails, naming the option, when it cannot be made or written. */
   static void requireDataDirectory(String option, Path directory) {
      try {
         Files.createDirectories(directory);
      } catch (FileAlreadyExistsException e) {
         throw new IllegalStateException(option + " " + directory + ": exists and is not a directory");
      } catch (IOException e) {
         throw new IllegalStateException(option + " " + directory + ": cannot be made (" + reason(e) + ")");
      }
      if (!Files.isWritable(directory)) {
         throw new IllegalStateException(option + " " + directory + ": not writable");
      }
   }

   private static String reason(IOException e) {
      if (e instanceof FileSystemException fs && fs.getReason() != null) {
         return fs.getReason();
      }
      return e instanceof NoSuchFileException ? "no such file or directory"
            : e instanceof AccessDeniedException ? "permission denied" : String.valueOf(e.getMessage());
   }
}
