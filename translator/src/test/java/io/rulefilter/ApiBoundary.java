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
package io.rulefilter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Checks an API boundary by reflection: what a module's classes are, and which types the public signatures of its
 * supported types name. A supported type that names an internal type in a public or protected signature lets a user
 * depend on the internal by accident; {@link #leaks} finds every such name. Used by the translator's and the
 * interceptor's boundary tests.
 */
public final class ApiBoundary {

   /** The translator's supported packages: their public types are its supported API. */
   public static final Set<String> TRANSLATOR_API = Set.of("io.rulefilter", "io.rulefilter.rule", "io.rulefilter.message",
         "io.rulefilter.eval", "io.rulefilter.parse", "io.rulefilter.sql", "io.rulefilter.selector", "io.rulefilter.typeb");

   private ApiBoundary() {
   }

   /** The names of the packages that hold the main (not test) classes of the module {@code anchor} was loaded from. */
   public static Set<String> packages(Class<?> anchor) {
      Set<String> packages = new TreeSet<>();
      for (Class<?> type : classes(anchor)) {
         packages.add(type.getPackageName());
      }
      return packages;
   }

   /** The public types (nested ones too, when every enclosing type is public) of {@code packages} in that module. */
   public static List<Class<?>> publicTypes(Class<?> anchor, Set<String> packages) {
      return classes(anchor).stream()
            .filter(type -> packages.contains(type.getPackageName()) && isPublic(type) && !type.isSynthetic())
            .toList();
   }

   /**
    * Every type named in a public or protected signature of {@code types} (supertypes, fields, constructors, methods,
    * type parameters, thrown exceptions) that {@code allowed} refuses, as "where: type".
    */
   public static Set<String> leaks(List<Class<?>> types, Predicate<Class<?>> allowed) {
      Set<String> leaks = new TreeSet<>();
      for (Class<?> type : types) {
         Checker checker = new Checker(allowed, leaks);
         String name = type.getName();
         checker.check(name, type.getGenericSuperclass());
         checker.check(name, type.getGenericInterfaces());
         checker.check(name, type.getTypeParameters());
         for (Field field : type.getDeclaredFields()) {
            if (exposed(field)) {
               checker.check(name + "." + field.getName(), field.getGenericType());
            }
         }
         for (Constructor<?> constructor : type.getDeclaredConstructors()) {
            if (exposed(constructor)) {
               checker.check(name + ".<init>", constructor);
            }
         }
         for (Method method : type.getDeclaredMethods()) {
            if (exposed(method) && !method.isBridge()) {
               checker.check(name + "." + method.getName(), method);
               checker.check(name + "." + method.getName(), method.getGenericReturnType());
            }
         }
      }
      return leaks;
   }

   private static boolean exposed(Member member) {
      int modifiers = member.getModifiers();
      return !member.isSynthetic() && (Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers));
   }

   private static boolean isPublic(Class<?> type) {
      for (Class<?> t = type; t != null; t = t.getEnclosingClass()) {
         if (!Modifier.isPublic(t.getModifiers())) {
            return false;
         }
      }
      return true;
   }

   private static List<Class<?>> classes(Class<?> anchor) {
      Path root;
      try {
         root = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
      } catch (URISyntaxException e) {
         throw new IllegalStateException(e);
      }
      if (Files.isDirectory(root)) {
         return classes(root, anchor.getClassLoader());
      }
      try (FileSystem jar = FileSystems.newFileSystem(root)) {
         return classes(jar.getPath("/"), anchor.getClassLoader());
      } catch (IOException e) {
         throw new UncheckedIOException(e);
      }
   }

   private static List<Class<?>> classes(Path root, ClassLoader loader) {
      List<Class<?>> classes = new ArrayList<>();
      try (Stream<Path> files = Files.walk(root)) {
         for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
            String relative = root.relativize(file).toString().replace('\\', '/');
            if (relative.startsWith("META-INF/") || relative.endsWith("package-info.class")
                  || relative.endsWith("module-info.class")) {
               continue;
            }
            String name = relative.substring(0, relative.length() - ".class".length()).replace('/', '.');
            classes.add(Class.forName(name, false, loader));
         }
      } catch (IOException e) {
         throw new UncheckedIOException(e);
      } catch (ClassNotFoundException e) {
         throw new IllegalStateException(e);
      }
      return classes;
   }

   /** Walks the types a signature names. */
   private static final class Checker {

      private final Predicate<Class<?>> allowed;
      private final Set<String> leaks;
      private final Set<Type> seen = new HashSet<>();

      Checker(Predicate<Class<?>> allowed, Set<String> leaks) {
         this.allowed = allowed;
         this.leaks = leaks;
      }

      void check(String where, Executable executable) {
         check(where, executable.getGenericParameterTypes());
         check(where, executable.getGenericExceptionTypes());
         check(where, executable.getTypeParameters());
      }

      void check(String where, Type... types) {
         for (Type type : types) {
            check(where, type);
         }
      }

      void check(String where, Type type) {
         if (type == null || !seen.add(type)) {
            return;
         }
         if (type instanceof Class<?> c) {
            Class<?> element = c;
            while (element.isArray()) {
               element = element.getComponentType();
            }
            if (!element.isPrimitive() && !allowed.test(element)) {
               leaks.add(where + ": " + element.getName());
            }
         } else if (type instanceof ParameterizedType p) {
            check(where, p.getRawType());
            check(where, p.getOwnerType());
            check(where, p.getActualTypeArguments());
         } else if (type instanceof WildcardType w) {
            check(where, w.getUpperBounds());
            check(where, w.getLowerBounds());
         } else if (type instanceof TypeVariable<?> v) {
            check(where, v.getBounds());
         } else if (type instanceof GenericArrayType a) {
            check(where, a.getGenericComponentType());
         }
      }
   }
}
