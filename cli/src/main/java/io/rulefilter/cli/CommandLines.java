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
package io.rulefilter.cli;

import io.rulefilter.parse.RuleSyntaxException;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/**
 * Command lines whose errors a person can act on: every user error is one line on stderr that names the command
 * and what was wrong, never a stack trace. Exit codes are the same in every rulefilter command: 0 done, 1 failed
 * (a file, a port, a broker), 2 usage error or invalid rule. The broker, cluster, rules and bench commands use it too.
 */
public final class CommandLines {

   public static final int FAILED = 1;
   public static final int INVALID = 2;

   /** Set to any value to get the stack trace of an unexpected error too (for a bug report). */
   static final String DEBUG_ENV = "RULEFILTER_DEBUG";

   private CommandLines() {
   }

   /** A picocli command line for {@code command} with RuleFilter's error handling. */
   public static CommandLine of(Object command) {
      CommandLine cli = new CommandLine(command);
      cli.setParameterExceptionHandler(CommandLines::usageError);
      cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> failure(e, commandLine));
      return cli;
   }

   /** A bad option or argument: what was wrong and where to read more, in one line (picocli would print the whole usage). */
   private static int usageError(ParameterException e, String[] args) {
      CommandLine cli = e.getCommandLine();
      PrintWriter err = cli.getErr();
      String name = name(cli);
      err.println(name + ": " + e.getMessage() + " (see '" + name + " --help')");
      UnmatchedArgumentException.printSuggestions(e, err);
      err.flush();
      return INVALID;
   }

   private static int failure(Exception e, CommandLine cli) {
      PrintWriter err = cli.getErr();
      int exit = FAILED;
      if (e instanceof RuleSyntaxException rejected) {
         err.println(rejected.render());
         exit = INVALID;
      } else if (e instanceof IllegalArgumentException invalid) {
         err.println(name(cli) + ": " + invalid.getMessage());
         exit = INVALID;
      } else if (e instanceof IOException || e instanceof UncheckedIOException) {
         err.println(name(cli) + ": " + describe(e instanceof UncheckedIOException u ? u.getCause() : (IOException) e));
      } else {
         // a defect, not a user error: still one line, with the trace only on request
         err.println(name(cli) + ": internal error: " + e);
         if (System.getenv(DEBUG_ENV) != null) {
            e.printStackTrace(err);
         }
      }
      err.flush();
      return exit;
   }

   /** An I/O failure as a sentence: java.nio names only the path, which says nothing on its own. */
   static String describe(IOException e) {
      if (e instanceof NoSuchFileException missing) {
         return missing.getFile() + ": no such file or directory";
      }
      if (e instanceof AccessDeniedException denied) {
         return denied.getFile() + ": permission denied";
      }
      if (e instanceof FileSystemException fs) {
         return fs.getFile() + ": " + (fs.getReason() != null ? fs.getReason() : "cannot be read or written");
      }
      if (e instanceof FileNotFoundException || e.getMessage() != null) {
         return String.valueOf(e.getMessage());
      }
      return "input/output error";
   }

   /** The name a user typed, e.g. {@code rulefilter rules set}. */
   static String name(CommandLine cli) {
      return cli.getCommandSpec().qualifiedName();
   }
}
