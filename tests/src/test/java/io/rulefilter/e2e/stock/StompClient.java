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

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** STOMP 1.2 frames over a socket, the way scripts speak to a broker; one connection per subscriber. */
final class StompClient implements AirportClient {

   private final int port;
   private final List<Connection> connections = new ArrayList<>();

   StompClient(int port) {
      this.port = port;
   }

   @Override
   public String protocol() {
      return "STOMP";
   }

   @Override
   public void publish(String address, List<AirportMessage> messages) throws Exception {
      try (Connection connection = new Connection(port, null)) {
         for (AirportMessage out : messages) {
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("destination", address);
            headers.put("destination-type", "MULTICAST");
            if (out.tag() != null) {
               headers.put("type", out.tag()); // STOMP's type header is the JMS type: the tag
            }
            headers.putAll(out.attributes());
            connection.send("SEND", headers, out.body());
         }
         connection.receipt();
      }
   }

   @Override
   public Subscriber subscribe(String address, String name, String selector) throws Exception {
      Connection connection = new Connection(port, name);
      connections.add(connection);
      Map<String, String> headers = new LinkedHashMap<>();
      headers.put("id", "1");
      headers.put("destination", address);
      headers.put("subscription-type", "MULTICAST");
      headers.put("durable-subscription-name", name);
      if (selector != null) {
         headers.put("selector", selector);
      }
      connection.send("SUBSCRIBE", headers, "");
      connection.receipt();
      return new Subscriber() {
         @Override
         public String nextBody(long millis) throws Exception {
            return connection.messages.poll(millis, TimeUnit.MILLISECONDS);
         }

         @Override
         public void close() throws Exception {
            connection.close();
            connections.remove(connection);
         }
      };
   }

   @Override
   public void close() throws Exception {
      for (Connection connection : List.copyOf(connections)) {
         connection.close();
      }
   }

   /** One STOMP connection with a reader thread that collects MESSAGE bodies, receipts and errors. */
   static final class Connection implements AutoCloseable {
      private final Socket socket;
      private final OutputStream out;
      final BlockingQueue<String> messages = new LinkedBlockingQueue<>();
      final BlockingQueue<String> replies = new LinkedBlockingQueue<>();
      private int receipts;

      Connection(int port, String clientId) throws Exception {
         socket = new Socket(InetAddress.getLoopbackAddress(), port);
         out = socket.getOutputStream();
         Map<String, String> headers = new LinkedHashMap<>();
         headers.put("accept-version", "1.2");
         headers.put("host", "127.0.0.1");
         headers.put("login", StockArtemis.USER);
         headers.put("passcode", StockArtemis.PASSWORD);
         if (clientId != null) {
            headers.put("client-id", clientId);
         }
         Thread reader = new Thread(this::read, "stomp-reader");
         reader.setDaemon(true);
         reader.start();
         send("CONNECT", headers, "");
         String connected = replies.poll(10, TimeUnit.SECONDS);
         if (connected == null || !connected.startsWith("CONNECTED")) {
            throw new IOException("STOMP connect failed: " + connected);
         }
      }

      synchronized void send(String command, Map<String, String> headers, String body) throws IOException {
         StringBuilder frame = new StringBuilder(command).append('\n');
         headers.forEach((k, v) -> frame.append(escape(k)).append(':').append(escape(v)).append('\n'));
         frame.append('\n').append(body).append('\0');
         out.write(frame.toString().getBytes(StandardCharsets.UTF_8));
         out.flush();
      }

      /** A frame written as a person would type it (NUL-terminated). */
      synchronized void sendRaw(String frame) throws IOException {
         out.write(frame.getBytes(StandardCharsets.UTF_8));
         out.flush();
      }

      /** Asks for a receipt and waits for it: everything sent before has been handled; an ERROR frame throws. */
      void receipt() throws Exception {
         String id = "r" + (++receipts);
         try {
            send("BEGIN", Map.of("transaction", id), "");
            send("ABORT", Map.of("transaction", id, "receipt", id), "");
         } catch (IOException closed) {
            // the broker may already have answered with an ERROR frame and closed the connection: read it below
         }
         String reply = replies.poll(10, TimeUnit.SECONDS);
         if (reply == null || !reply.startsWith("RECEIPT")) {
            throw new StompError(reply == null ? "no receipt" : reply);
         }
      }

      private void read() {
         try (InputStream in = socket.getInputStream()) {
            ByteArrayOutputStream frame = new ByteArrayOutputStream();
            for (int b; (b = in.read()) >= 0; ) {
               if (b != 0) {
                  frame.write(b);
                  continue;
               }
               String text = frame.toString(StandardCharsets.UTF_8).stripLeading();
               frame.reset();
               int headerEnd = text.indexOf("\n\n");
               if (text.startsWith("MESSAGE")) {
                  messages.add(text.substring(headerEnd + 2));
               } else if (!text.isEmpty()) {
                  replies.add(text);
               }
            }
         } catch (IOException closed) {
            // the connection is closed
         }
      }

      private static String escape(String value) {
         return value.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r").replace(":", "\\c");
      }

      /** DISCONNECT with a receipt, as a polite client does, then the socket. */
      @Override
      public void close() throws IOException {
         try {
            if (!socket.isClosed()) {
               send("DISCONNECT", Map.of("receipt", "bye"), "");
               replies.poll(5, TimeUnit.SECONDS);
            }
         } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
         } catch (IOException alreadyClosedByTheBroker) {
            // after an ERROR frame the broker closes the connection
         } finally {
            socket.close();
         }
      }
   }

   /** The broker answered with an ERROR frame (its text is the message). */
   static final class StompError extends Exception {
      StompError(String frame) {
         super(frame);
      }
   }
}
