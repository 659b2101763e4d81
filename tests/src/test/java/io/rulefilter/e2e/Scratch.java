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
package io.rulefilter.e2e;

import org.apache.activemq.artemis.utils.FileUtil;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Temporary directories of this test JVM, deleted when it exits. Every broker a test starts writes a journal of
 * tens of MB; left behind, a few builds fill the disk and Artemis then blocks every producer.
 */
public final class Scratch {

   private static final List<Path> DIRECTORIES = new CopyOnWriteArrayList<>();

   static {
      Runtime.getRuntime().addShutdownHook(new Thread(() -> DIRECTORIES.forEach(Scratch::delete), "scratch-cleanup"));
   }

   private Scratch() {
   }

   /** A new, empty directory named {@code prefix…} under the system's temporary directory. */
   public static Path directory(String prefix) throws IOException {
      Path directory = Files.createTempDirectory(prefix);
      DIRECTORIES.add(directory);
      return directory;
   }

   /** Deletes a directory and everything in it now (when a broker that wrote it has stopped). */
   public static void delete(Path directory) {
      FileUtil.deleteDirectory(directory.toFile());
   }
}
