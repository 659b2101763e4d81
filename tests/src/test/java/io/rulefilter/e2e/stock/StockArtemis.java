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

import io.rulefilter.client.ManagementClient;
import io.rulefilter.e2e.Scratch;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * An Artemis instance made from the official 2.56.0 binary distribution the way an operator makes one
 * ({@code artemis create}), with RuleFilter installed as the manual says and started as its own process with
 * {@code artemis run}. Ports are the distribution's defaults moved by a free {@code --port-offset}.
 */
final class StockArtemis implements AutoCloseable {

   static final String USER = "admin";
   static final String PASSWORD = "admin";
   private static final int[] DEFAULT_PORTS = {61616, 5672, 61613, 5445, 1883, 1099, 8161};
   private static final int CONSOLE_PORT = 8161;
   /** {@code artemis create} options for an instance with its web console, on loopback, moved by the port offset. */
   static final String[] WEB_CONSOLE = {"--http-host", "127.0.0.1", "--http-port", Integer.toString(CONSOLE_PORT)};

   private final Path instance;
   private final int offset;
   private final Path log;
   private final Map<String, String> environment = new LinkedHashMap<>();
   private Process process;
   private boolean frozen;
   private boolean profileJavaArgs;

   private static StockArtemis shared;

   /** One instance for every test class of this JVM, stopped when the JVM exits. */
   static synchronized StockArtemis shared() throws Exception {
      if (shared == null) {
         Path parent = Scratch.directory("rulefilter-stock");
         StockArtemis broker = create(parent).installPlugin().start();
         Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
               broker.close();
            } catch (Exception e) {
               // the JVM is going away; the process dies with its pipes
            }
         }));
         shared = broker;
      }
      return shared;
   }

   private StockArtemis(Path instance, int offset) {
      this.instance = instance;
      this.offset = offset;
      this.log = instance.resolve("console.log");
   }

   /** {@code artemis create} into {@code parent/instance}, with a user that has the distribution's default role. */
   static StockArtemis create(Path parent) throws Exception {
      return create(parent, "instance", freePortOffset());
   }

   /**
    * {@code artemis create} into {@code parent/name} with its ports moved by {@code offset}, adding {@code options}
    * to the manual's command (HA and cluster options, for instance).
    */
   static StockArtemis create(Path parent, String name, int offset, String... options) throws Exception {
      StockArtemis created = createAsWritten(parent, name, offset, options);
      // Not part of installing RuleFilter: a created instance blocks producers once the disk is 90 % full, and a
      // busy build machine's disk must not hang the suite.
      Path brokerXml = created.instance.resolve("etc/broker.xml");
      String xml = Files.readString(brokerXml, StandardCharsets.UTF_8);
      String diskGuard = "<max-disk-usage>90</max-disk-usage>";
      if (!xml.contains(diskGuard)) {
         throw new IllegalStateException("artemis create wrote no " + diskGuard + " to turn off in " + brokerXml);
      }
      Files.writeString(brokerXml, xml.replace(diskGuard, "<max-disk-usage>-1</max-disk-usage>"), StandardCharsets.UTF_8);
      return created;
   }

   /**
    * {@code artemis create} as {@link #create(Path, String, int, String...)}, its etc/ left as the command wrote it (the
    * disk guard is then the caller's: {@code maxDiskUsage=-1} in etc/broker.properties, say).
    */
   static StockArtemis createAsWritten(Path parent, String name, int offset, String... options) throws Exception {
      Path home = Path.of(System.getProperty("rulefilter.artemis.home", "target/distribution/apache-artemis-2.56.0"));
      if (!Files.isRegularFile(home.resolve("bin/artemis"))) {
         throw new IllegalStateException("no Artemis distribution at " + home.toAbsolutePath() + " (Maven unpacks it)");
      }
      Path instance = parent.resolve(name);
      // the manual's command, plus what a test needs: loopback ports free on this machine, the NIO journal (libaio
      // may be missing), no disk-speed probe and, unless asked for (WEB_CONSOLE), no web console (each costs start-up
      // time and nothing else RuleFilter uses)
      List<String> command = new ArrayList<>(List.of("bash", home.resolve("bin/artemis").toString(), "create", "--user",
            USER, "--password", PASSWORD, "--require-login", "--silent", instance.toString(), "--host", "127.0.0.1",
            "--port-offset", Integer.toString(offset), "--no-autotune", "--nio"));
      if (!List.of(options).contains("--http-port")) {
         command.add("--no-web");
      }
      command.addAll(List.of(options));
      run(parent, command.toArray(String[]::new));
      return new StockArtemis(instance, offset);
   }

   /** Installs RuleFilter as "Install into an existing Artemis broker" (docs/install.md) says: the jar, the XML lines. */
   StockArtemis installPlugin() throws IOException {
      return installPlugin(UnaryOperator.identity());
   }

   /** Installs RuleFilter with the manual's lines changed by {@code settings} (e.g. another tag property). */
   StockArtemis installPlugin(UnaryOperator<String> settings) throws IOException {
      copyPluginJarTo(instance.resolve("lib"));
      Path brokerXml = instance.resolve("etc/broker.xml");
      String xml = Files.readString(brokerXml, StandardCharsets.UTF_8);
      int core = xml.lastIndexOf("</core>");
      String lines = settings.apply(readmeBrokerPluginLines()).indent(6);
      Files.writeString(brokerXml, xml.substring(0, core) + lines + "   " + xml.substring(core), StandardCharsets.UTF_8);
      return this;
   }

   /**
    * Puts the plugin jar into {@code directory}, outside the instance, and names that directory in
    * {@code ARTEMIS_EXTRA_LIBS} for each start: the distribution's boot loader adds its jars to the broker's classpath.
    */
   StockArtemis installPluginAsExtraLib(Path directory) throws IOException {
      Files.createDirectories(directory);
      copyPluginJarTo(directory);
      environment.put("ARTEMIS_EXTRA_LIBS", directory.toAbsolutePath().toString());
      return this;
   }

   private static void copyPluginJarTo(Path directory) throws IOException {
      Path pluginDir = Path.of(System.getProperty("rulefilter.plugin.dir", "target/plugin"));
      try (Stream<Path> jars = Files.list(pluginDir)) {
         for (Path jar : jars.filter(p -> p.getFileName().toString().endsWith("-plugin.jar")).toList()) {
            Files.copy(jar, directory.resolve(jar.getFileName()), StandardCopyOption.REPLACE_EXISTING);
         }
      }
   }

   /** The {@code <broker-plugins>} lines docs/install.md tells operators to add to etc/broker.xml. */
   static String readmeBrokerPluginLines() throws IOException {
      String readme = Docs.read(Docs.INSTALL);
      Matcher block = Pattern.compile("```xml\n(<broker-plugins>.*?</broker-plugins>\n)```", Pattern.DOTALL).matcher(readme);
      if (!block.find()) {
         throw new IllegalStateException("docs/install.md shows no <broker-plugins> block to install RuleFilter with");
      }
      return block.group(1);
   }

   /** Removes RuleFilter as "Removing" (docs/install.md) says: the XML lines and the jar. */
   StockArtemis uninstallPlugin() throws IOException {
      Path brokerXml = instance.resolve("etc/broker.xml");
      String xml = Files.readString(brokerXml, StandardCharsets.UTF_8);
      int start = xml.lastIndexOf("<broker-plugins>"); // installPlugin put them last; the file's comments show others
      int end = xml.lastIndexOf("</broker-plugins>") + "</broker-plugins>".length();
      if (start < 0 || end < start) {
         throw new IllegalStateException("no <broker-plugins> in " + brokerXml);
      }
      Files.writeString(brokerXml, xml.substring(0, start) + xml.substring(end), StandardCharsets.UTF_8);
      try (Stream<Path> jars = Files.list(instance.resolve("lib"))) {
         for (Path jar : jars.filter(p -> p.getFileName().toString().endsWith("-plugin.jar")).toList()) {
            Files.delete(jar);
         }
      }
      return this;
   }

   /** Upgrades RuleFilter as "Upgrading" (docs/install.md) says: the old jar out, the new one in (here: a copy of it). */
   StockArtemis replacePluginJar() throws IOException {
      try (Stream<Path> jars = Files.list(instance.resolve("lib"))) {
         for (Path jar : jars.filter(p -> p.getFileName().toString().endsWith("-plugin.jar")).toList()) {
            Path copy = Files.copy(jar, jar.resolveSibling("upgrade.tmp"));
            Files.delete(jar);
            Files.move(copy, jar);
         }
      }
      return this;
   }

   /** {@code artemis run}, returning once the broker says it is active. */
   StockArtemis start() throws Exception {
      return startUntil("AMQ221007");
   }

   /** {@code artemis run}, returning once the broker's output shows {@code ready} (a backup is never active). */
   StockArtemis startUntil(String ready) throws Exception {
      launch();
      try {
         awaitLog(ready, 1, 90);
      } catch (IllegalStateException e) {
         close();
         throw new IllegalStateException("the stock broker did not start", e);
      }
      return this;
   }

   /**
    * {@code artemis run} of an instance that must not start: returns the exit status of {@code artemis run} once it
    * ended by itself; throws if the broker became active instead or was still running after {@code seconds}.
    */
   int startRefused(long seconds) throws Exception {
      launch();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
      while (process.isAlive()) {
         boolean active = logContains("AMQ221007");
         if (active || System.nanoTime() > deadline) {
            close();
            throw new IllegalStateException("the broker in " + instance + (active ? " became active"
                  : " did not end by itself within " + seconds + " s") + "; its output:\n" + logText());
         }
         Thread.sleep(50);
      }
      int status = process.exitValue();
      process = null;
      return status;
   }

   /**
    * Starts the broker with the JVM options etc/artemis.profile gives it, as an operator's instance runs, where the
    * tests otherwise give a smaller heap: the web console's settings (its realm, its roles' principal class, Jolokia's
    * access policy) are among them.
    */
   StockArtemis withProfileJavaArgs() {
      profileJavaArgs = true;
      return this;
   }

   /** The web console's address, for an instance created with {@link #WEB_CONSOLE}. */
   String consoleUrl() {
      return "http://127.0.0.1:" + (CONSOLE_PORT + offset) + "/console";
   }

   private void launch() throws IOException {
      ProcessBuilder builder = new ProcessBuilder("bash", instance.resolve("bin/artemis").toString(), "run")
            .directory(instance.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
      if (!profileJavaArgs) {
         builder.environment().put("JAVA_ARGS", "-Xms64m -Xmx768m -XX:+UseSerialGC -Dlog4j2.disableJmx=true "
               + "--add-opens java.base/jdk.internal.misc=ALL-UNNAMED");
      }
      builder.environment().putAll(environment);
      process = builder.start();
   }

   /** Waits until the output since the last start shows {@code text} {@code times} times. */
   void awaitLog(String text, int times, long seconds) throws Exception {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
      while (logCount(text) < times) {
         if (process == null || !process.isAlive() || System.nanoTime() > deadline) {
            throw new IllegalStateException("the broker in " + instance + " did not log '" + text + "' " + times
                  + " time(s) within " + seconds + " s" + (process == null ? " (it was not started)" : process.isAlive() ? ""
                  : " (its process ended with " + process.exitValue() + ")")
                  + "; its output:\n" + (Files.exists(log) ? logText() : ""));
         }
         Thread.sleep(50);
      }
   }

   int logCount(String text) throws IOException {
      if (!Files.exists(log)) {
         return 0;
      }
      return occurrences(logText(), text);
   }

   /** How many times {@code part} stands in {@code text}, not overlapping. */
   static int occurrences(String text, String part) {
      int count = 0;
      for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length())) {
         count++;
      }
      return count;
   }

   boolean logContains(String text) throws IOException {
      return Files.exists(log) && Files.readString(log, StandardCharsets.ISO_8859_1).contains(text);
   }

   String logText() throws IOException {
      return Files.readString(log, StandardCharsets.ISO_8859_1);
   }

   /** Sets {@code queue}'s rule through management, as an operator of this instance does. */
   void setRule(String address, String queue, String rule) throws Exception {
      try (ManagementClient management = new ManagementClient("tcp://127.0.0.1:" + corePort(), USER, PASSWORD)) {
         management.invoke("setRule", address, queue, rule, false);
      }
   }

   /** Changes a file of etc/ (before a start), e.g. an Artemis HA setting that {@code artemis create} does not write. */
   StockArtemis editEtc(String file, UnaryOperator<String> edit) throws IOException {
      Path path = instance.resolve("etc").resolve(file);
      String text = Files.readString(path, StandardCharsets.UTF_8);
      String edited = edit.apply(text);
      if (edited.equals(text)) {
         throw new IllegalStateException("the edit changed nothing in " + path);
      }
      Files.writeString(path, edited, StandardCharsets.UTF_8);
      return this;
   }

   /**
    * {@code kill -9} of the broker: SIGKILL to its JVM ({@code artemis run} execs java, so the process started is the
    * JVM itself), no shutdown hook, no clean close of the journal or of any connection. Returns once it is gone.
    */
   void kill() throws Exception {
      ProcessHandle jvm = process.toHandle();
      String command = jvm.info().command().orElse("");
      if (!command.endsWith("/java")) {
         throw new IllegalStateException("process " + jvm.pid() + " is '" + command + "', not the broker's JVM");
      }
      process.destroyForcibly();
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
         throw new IllegalStateException("the broker's JVM " + jvm.pid() + " outlived SIGKILL");
      }
      if (process.exitValue() != 137) {
         throw new IllegalStateException("the broker's JVM ended with " + process.exitValue() + ", not by SIGKILL");
      }
      process = null;
   }

   /** {@code kill -STOP}: the JVM stops running, its sockets stay open, as a node stalled by the host or a debugger. */
   void freeze() throws Exception {
      signal("STOP");
      frozen = true;
   }

   /** {@code kill -CONT} after {@link #freeze()}. */
   void resume() throws Exception {
      signal("CONT");
      frozen = false;
   }

   private void signal(String name) throws Exception {
      Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start();
      if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
         throw new IllegalStateException("kill -" + name + " " + process.pid() + " failed");
      }
   }

   /** Whether it was started and has not been stopped or killed since. */
   boolean running() {
      return process != null;
   }

   Path instance() {
      return instance;
   }

   /** The port of an acceptor that {@code artemis create} made: core (all protocols), amqp, stomp, hornetq, mqtt. */
   int corePort() {
      return 61616 + offset;
   }

   /** The port of the JMX connector of etc/management.xml, if a test turns it on. */
   int jmxPort() {
      return 1099 + offset;
   }

   int amqpPort() {
      return 5672 + offset;
   }

   int stompPort() {
      return 61613 + offset;
   }

   int mqttPort() {
      return 1883 + offset;
   }

   @Override
   public void close() throws Exception {
      if (process == null) {
         return;
      }
      if (frozen) {
         resume(); // a stopped JVM would leave the SIGTERM pending
      }
      process.destroy();
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
         process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
      process = null;
   }

   private static void run(Path directory, String... command) throws Exception {
      Process create = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true).start();
      String output = new String(create.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!create.waitFor(120, TimeUnit.SECONDS) || create.exitValue() != 0) {
         throw new IllegalStateException(String.join(" ", command) + " failed:\n" + output);
      }
   }

   /**
    * An offset under which every default port of a created instance is free on loopback, and none is a port of an
    * instance created with one of the offsets {@code others}.
    */
   static int freePortOffset(int... others) throws IOException {
      for (int attempt = 0; attempt < 50; attempt++) {
         int offset = ThreadLocalRandom.current().nextInt(1000, 3900);
         if (clashes(offset, others)) {
            continue;
         }
         List<ServerSocket> probes = new ArrayList<>();
         try {
            for (int port : DEFAULT_PORTS) {
               probes.add(new ServerSocket(port + offset, 1, InetAddress.getLoopbackAddress()));
            }
            return offset;
         } catch (IOException taken) {
            // try another offset
         } finally {
            for (ServerSocket probe : probes) {
               probe.close();
            }
         }
      }
      throw new IOException("no free port offset for a stock Artemis instance");
   }

   private static boolean clashes(int offset, int... taken) {
      for (int other : taken) {
         for (int port : DEFAULT_PORTS) {
            for (int otherPort : DEFAULT_PORTS) {
               if (port + offset == otherPort + other) {
                  return true;
               }
            }
         }
      }
      return false;
   }
}
