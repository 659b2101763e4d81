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
package io.rulefilter.e2e.stock;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A README command line run by bash in the repository's directory, as a user types it in a terminal: its stdout and
 * stderr together, line by line, readable while it runs.
 */
final class LaunchedCommand implements AutoCloseable {

   private final String line;
   private final Process process;
   private final List<String> output = new CopyOnWriteArrayList<>();

   private LaunchedCommand(String line, Process process) {
      this.line = line;
      this.process = process;
      Thread reader = new Thread(() -> new BufferedReader(new InputStreamReader(process.getInputStream(),
            StandardCharsets.UTF_8)).lines().forEach(output::add));
      reader.setDaemon(true);
      reader.start();
   }

   /** Starts {@code line} with {@code environment} added to this JVM's (small heaps: the machine is shared). */
   static LaunchedCommand start(String line, Map<String, String> environment) throws IOException {
      ProcessBuilder command = new ProcessBuilder("bash", "-c", line).directory(Path.of("..").toFile())
            .redirectErrorStream(true);
      command.environment().put("JAVA_OPTS", "-Xmx512m");
      command.environment().putAll(environment);
      Process process = command.start();
      process.getOutputStream().close();
      return new LaunchedCommand(line, process);
   }

   List<String> output() {
      return List.copyOf(output);
   }

   /** Waits until a line of its output satisfies {@code expected}; fails when it ends first or the time is up. */
   void awaitLine(Predicate<String> expected, String what, long seconds) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
      while (output.stream().noneMatch(expected)) {
         if (!process.isAlive() || System.nanoTime() > deadline) {
            Thread.sleep(200); // the last lines it wrote
            throw new IllegalStateException(line + ": " + what + " did not come; it printed " + output);
         }
         Thread.sleep(50);
      }
   }

   /** Waits until it has printed {@code lines} lines (fails when the time is up). */
   void awaitLines(int lines, long seconds) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
      while (output.size() < lines && System.nanoTime() < deadline) {
         Thread.sleep(50);
      }
   }

   /** Waits for it to end by itself and returns its exit code. */
   int exit(long seconds) throws InterruptedException {
      if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
         throw new IllegalStateException(line + ": still running after " + seconds + " s; it printed " + output);
      }
      Thread.sleep(100); // the reader's last lines
      return process.exitValue();
   }

   /** Stops it as Ctrl-C would (the launcher execs java, so the process is the command itself) and what it started. */
   @Override
   public void close() throws InterruptedException {
      process.descendants().forEach(ProcessHandle::destroy);
      process.destroy();
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
         process.descendants().forEach(ProcessHandle::destroyForcibly);
         process.destroyForcibly();
      }
   }
}
