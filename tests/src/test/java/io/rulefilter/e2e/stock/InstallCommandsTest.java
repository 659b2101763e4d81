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

import io.rulefilter.e2e.Scratch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** Step 0 of installing into a stock Artemis (docs/install.md), run as shown: fetch, unpack, create an instance. */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class InstallCommandsTest {

   @Test
   void stepZeroFetchesUnpacksAndCreatesAnInstance() throws Exception {
      String readme = Docs.read(Docs.INSTALL);
      Matcher block = Pattern.compile("0\\. No instance yet\\?.*?```bash\\n(.*?)```", Pattern.DOTALL).matcher(readme);
      assertThat(block.find()).as("docs/install.md step 0 with its bash block").isTrue();
      List<String> commands = block.group(1).lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
      assertThat(commands).hasSize(3);
      assertThat(commands.get(0)).startsWith("mvn ");
      assertThat(commands.get(2)).contains(" create ").endsWith(" airport-broker");

      Path dir = Scratch.directory("rulefilter-install");
      // the build's own Maven repository, offline (a test must not depend on the network): this build has put there
      // what the command needs (tests/pom.xml unpacks the distribution with the same plugin), which is checked first
      Path repository = Path.of(System.getProperty("rulefilter.maven.repository"));
      for (Path needed : artifactsOf(commands.get(0), repository)) {
         assertThat(needed).as("%s, which step 0 needs offline, is in the build's Maven repository", needed).isRegularFile();
      }
      run(dir, commands.get(0) + " -o -Dmaven.repo.local=" + repository);
      assertThat(dir.resolve("apache-artemis-2.56.0-bin.tar.gz")).isRegularFile();
      run(dir, commands.get(1));
      assertThat(dir.resolve("apache-artemis-2.56.0/bin/artemis")).isRegularFile();
      run(dir, commands.get(2));
      assertThat(dir.resolve("airport-broker/bin/artemis")).isRegularFile();
      assertThat(Files.readString(dir.resolve("airport-broker/etc/broker.xml"), StandardCharsets.UTF_8))
            .contains("<core xmlns=\"urn:activemq:core\"").doesNotContain("io.rulefilter");
   }

   /** The plugin jar the command's {@code groupId:artifactId:version:goal} runs and the artifact it copies. */
   private static List<Path> artifactsOf(String command, Path repository) {
      Matcher plugin = Pattern.compile(" ([\\w.-]+):([\\w.-]+):([\\w.-]+):copy ").matcher(command);
      Matcher artifact = Pattern.compile("-Dartifact=([\\w.-]+):([\\w.-]+):([\\w.-]+):([\\w.]+):([\\w.-]+)").matcher(command);
      assertThat(plugin.find()).as("step 0 names its plugin with its version: %s", command).isTrue();
      assertThat(artifact.find()).as("step 0 names the distribution: %s", command).isTrue();
      return List.of(file(repository, plugin.group(1), plugin.group(2), plugin.group(3), "", "jar"),
            file(repository, artifact.group(1), artifact.group(2), artifact.group(3), "-" + artifact.group(5),
                  artifact.group(4)));
   }

   private static Path file(Path repository, String group, String artifact, String version, String classifier, String type) {
      return repository.resolve(group.replace('.', '/')).resolve(artifact).resolve(version)
            .resolve(artifact + "-" + version + classifier + "." + type);
   }

   private static void run(Path dir, String command) throws Exception {
      Process process = new ProcessBuilder("bash", "-c", command).directory(dir.toFile()).redirectErrorStream(true).start();
      CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> {
         try {
            return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
         } catch (IOException e) {
            return e.toString();
         }
      });
      try {
         assertThat(process.waitFor(3, TimeUnit.MINUTES)).as("%s finished", command).isTrue();
         assertThat(process.exitValue()).as("exit of %s; output:%n%s", command, output.get(10, TimeUnit.SECONDS)).isZero();
      } finally {
         process.destroyForcibly();
      }
   }
}
