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
package io.rulefilter.internal.parse;

/**
 * The version of the rule language a text is read in. Version 2 adds value lists, case-insensitive operators and
 * {@code @typeb} subjects; the one text both read differently is a bare value starting with {@code (}, which version 1
 * took as text ({@code a weq (x}) and version 2 reads as a list.
 */
public enum LanguageVersion {
   /** The first contract: what rules stored or sent before version 2 were written in. */
   V1,
   /** The current contract: every rule written today. */
   V2
}
