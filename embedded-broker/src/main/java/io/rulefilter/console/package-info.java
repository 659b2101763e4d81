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
/**
 * The console's page and the HTTP/JSON API it uses, served by {@code rulefilter broker}; the page's static files are
 * resources of this package ({@code page/}). Every API call goes through RuleFilter's management
 * operations as the authenticated user, so management's checks, errors and roles are the API's. Internal: the supported
 * interface is the HTTP API documented in the manual.
 */
package io.rulefilter.console;
