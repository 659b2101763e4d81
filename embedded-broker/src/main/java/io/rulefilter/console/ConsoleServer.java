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

import com.sun.net.httpserver.HttpServer;
import io.rulefilter.broker.RuleFilterBroker;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The console's HTTP server on 127.0.0.1: the operators' page at {@code /}, the JSON API it uses under {@code /api/}.
 * Bound before the broker starts, so that a taken port stops {@code rulefilter broker} at once; it serves once
 * {@link #serve} is given the running broker.
 */
public final class ConsoleServer implements AutoCloseable {

   /** Requests answered at once; more wait for a thread, so that a burst cannot take the broker's threads. */
   private static final int THREADS = 4;
   static final String HISTORY_FILE = Console.HISTORY_FILE;

   private final HttpServer server;
   private final ExecutorService threads;
   private final AtomicBoolean closed = new AtomicBoolean();
   private Console console;

   private ConsoleServer(HttpServer server) {
      this.server = server;
      this.threads = Executors.newFixedThreadPool(THREADS, runnable -> {
         Thread thread = new Thread(runnable, "rulefilter-console");
         thread.setDaemon(true);
         return thread;
      });
   }

   /**
    * Listens on 127.0.0.1:{@code port} (0: a free port).
    *
    * @throws IllegalStateException when the port is taken
    */
   public static ConsoleServer bind(int port) throws IOException {
      try {
         return new ConsoleServer(HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0));
      } catch (BindException e) {
         throw new IllegalStateException("--http-port " + port + ": could not listen on 127.0.0.1:" + port
               + " (is the port in use by another process?)", e);
      }
   }

   /** Starts answering for {@code broker}: its {@link Console}, management through its acceptor. */
   public void serve(RuleFilterBroker broker) {
      console = new Console(broker.plugin(), broker.url());
      server.createContext("/", exchange -> {
         try (exchange) {
            console.handle(new ExchangeCall(exchange));
         }
      });
      server.setExecutor(threads);
      server.start();
   }

   public int port() {
      return server.getAddress().getPort();
   }

   public String url() {
      return "http://127.0.0.1:" + port() + "/";
   }

   @Override
   public void close() {
      if (closed.getAndSet(true)) {
         return;
      }
      server.stop(0);
      threads.shutdownNow();
      if (console != null) {
         console.close();
      }
   }
}
