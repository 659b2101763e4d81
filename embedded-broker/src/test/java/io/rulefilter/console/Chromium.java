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

import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Predicate;

/**
 * A real headless Chromium for the page's tests: Debian's {@code chromium} driven by its {@code chromium-driver}, both
 * named by path, so that Selenium never looks for (or downloads) a browser or a driver of its own. Public, and in this
 * module's test jar, for the tests module's test of the page in a stock instance's web server.
 */
public final class Chromium implements AutoCloseable {

   static final Path BROWSER = Path.of("/usr/bin/chromium");
   static final Path DRIVER = Path.of("/usr/bin/chromedriver");
   private static final Duration WAIT = Duration.ofSeconds(15);

   private final WebDriver driver;

   public Chromium() {
      if (!Files.isExecutable(BROWSER) || !Files.isExecutable(DRIVER)) {
         throw new IllegalStateException("the console page's tests drive Debian's chromium: "
               + "apt-get install -y chromium chromium-driver (" + BROWSER + " and " + DRIVER + " are needed)");
      }
      System.setProperty("webdriver.chrome.driver", DRIVER.toString());
      ChromeOptions options = new ChromeOptions();
      options.setBinary(BROWSER.toFile());
      options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,1250");
      ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile()).build();
      driver = new ChromeDriver(service, options);
   }

   public void open(String url) {
      driver.get(url);
   }

   public WebElement find(String css) {
      return driver.findElement(By.cssSelector(css));
   }

   public int count(String css) {
      return driver.findElements(By.cssSelector(css)).size();
   }

   /**
    * The element's text as the page set it (textContent: white space and line breaks as they are), read in one step:
    * the table's refresh replaces its rows at any moment. Null when there is no such element.
    */
   public String text(String css) {
      return (String) ((JavascriptExecutor) driver).executeScript(
            "const e = document.querySelector(arguments[0]); return e === null ? null : e.textContent;", css);
   }

   public void type(String css, String text) {
      WebElement field = find(css);
      field.clear();
      field.sendKeys(text);
   }

   /** Clicks the element, found again should the table's refresh have replaced it meanwhile. */
   public void click(String css) {
      new WebDriverWait(driver, WAIT).ignoring(StaleElementReferenceException.class).until(d -> {
         d.findElement(By.cssSelector(css)).click();
         return true;
      });
   }

   /** Waits until the element's text satisfies {@code condition}; fails naming the text it last had. */
   public String waitForText(String css, Predicate<String> condition) {
      String[] last = {null};
      try {
         new WebDriverWait(driver, WAIT).until(d -> {
            last[0] = text(css);
            return last[0] != null && condition.test(last[0]);
         });
      } catch (TimeoutException e) {
         throw new AssertionError(css + " still reads '" + last[0] + "' after " + WAIT.toSeconds() + " s", e);
      }
      return last[0];
   }

   public void waitForCount(String css, int count) {
      try {
         new WebDriverWait(driver, WAIT).until(d -> d.findElements(By.cssSelector(css)).size() == count);
      } catch (TimeoutException e) {
         throw new AssertionError(count + " of " + css + " expected, " + count(css) + " found", e);
      }
   }

   public void screenshot(Path file) throws IOException {
      Files.createDirectories(file.toAbsolutePath().getParent());
      Files.write(file, ((ChromeDriver) driver).getScreenshotAs(OutputType.BYTES));
   }

   @Override
   public void close() {
      driver.quit();
   }
}
