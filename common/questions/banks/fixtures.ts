/**
 * Files written for the tests from the formats' documentation: every GIFT construct, and every Moodle
 * XML question type Tutorfolio reads or lists. Kept as text here so tests in any folder can use them.
 */

/** GIFT: one question per construct where it can, in the documentation's order. */
export const giftConstructs = String.raw`// Every GIFT construct the format's documentation lists, one question each where it can.
// A comment line is skipped wherever it stands.

$CATEGORY: $course$/top/Geography

// [tag:Capitals]
::Capital of France::Which city is the capital of France?{
	=Paris # Right: it has been since 987.
	~Lyon # No, that is the third largest city.
	~Marseille
	####Paris is the capital and the largest city.
}

::Escapes::In GIFT \~ \= \# \{ \} \: are written with a backslash, a new line as \\n\:\nlike this.{
	=Yes
	~No
	####A backslash before \\ is a backslash.
}

// [hint:Count the sides.]
::Weights::Which of these are polygons?{
	~%50%Triangle#Three sides.
	~%50%Square
	~%-100%Circle#A circle has no sides.
	####Polygons have straight sides.
}

::Missing word::The sun rises in the {=east ~west ~north} every morning.

::True or false::The Earth is flat.{F#Wrong: it is not flat.#Right: it is round.####Seen from space.}

::Short answer::Name a primary colour.{=red =blue =%50%yellow#Yellow is a subtractive primary.####Red, green and blue light.}

$CATEGORY: $course$/top/Formats

::HTML::[html]<p>Which tag makes <b>bold</b> text?</p><script>window.hacked = 1</script>{
	=[plain]<b>
	~[plain]<i>
	####[html]<p>The <b>b</b> element.</p><img src=x onerror="window.hacked = 1">
}

::Markdown::[markdown]Which word is **strong**?{=strong ~weak ####Two *asterisks* on each side.}

::Plain::[plain]Is <script>alert(1)</script> run?{=No, it is text ~Yes ####[plain]Plain text shows <tags> as they are.}

::Moodle format::The default format
keeps its lines
as lines.{=Yes ~No ####Lines stay.}

::Matching::Match each country with its capital.{
	=Canada -> Ottawa
	=Italy -> Rome
}

::Numerical::How many days has a leap year?{#366:0}

::Essay::Describe your summer.{}

A description: it has no answers.

::Two right::Which are even?{=2 =4 ~3}

::Broken::This question has {=an answer but no closing brace
`;

/** Moodle XML: each type of ours, each skipped type, categories, tags, hints, formats. */
export const moodleXmlQuiz = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Every question type of Moodle XML that Tutorfolio reads or lists, written from its documentation. -->
<quiz>
  <question type="category">
    <category><text>$course$/top/Geography</text></category>
  </question>
  <question type="multichoice">
    <name><text>Capital of France</text></name>
    <questiontext format="html"><text><![CDATA[<p>Which city is the capital of <b>France</b>?</p>]]></text></questiontext>
    <generalfeedback format="html"><text><![CDATA[<p>Paris is the capital &amp; the largest city.</p>]]></text></generalfeedback>
    <defaultgrade>1</defaultgrade>
    <single>true</single>
    <shuffleanswers>true</shuffleanswers>
    <answer fraction="100" format="html"><text>Paris</text><feedback format="html"><text>Right.</text></feedback></answer>
    <answer fraction="0" format="html"><text>Lyon</text><feedback format="html"><text></text></feedback></answer>
    <answer fraction="0" format="html"><text>Marseille</text></answer>
    <hint format="html"><text>Think of the Eiffel Tower.</text></hint>
    <tags><tag><text>Capitals</text></tag><tag><text>Europe</text></tag></tags>
  </question>
  <question type="multichoice">
    <name><text>Polygons</text></name>
    <questiontext format="plain_text"><text>Which of these are polygons? (a &lt; b)</text></questiontext>
    <generalfeedback format="plain_text"><text>Straight sides.</text></generalfeedback>
    <single>false</single>
    <answer fraction="50"><text>Triangle</text></answer>
    <answer fraction="50"><text>Square</text></answer>
    <answer fraction="-100"><text>Circle</text></answer>
  </question>
  <question type="truefalse">
    <name><text>Flat Earth</text></name>
    <questiontext format="moodle_auto_format"><text>The Earth is flat.</text></questiontext>
    <generalfeedback><text>Seen from space.</text></generalfeedback>
    <answer fraction="0"><text>true</text><feedback><text>It is not.</text></feedback></answer>
    <answer fraction="100"><text>false</text><feedback><text>Indeed.</text></feedback></answer>
  </question>
  <question type="category">
    <category><text>$course$/top/Colours</text></category>
  </question>
  <question type="shortanswer">
    <name><text>Primary colour</text></name>
    <questiontext format="markdown"><text>Name a **primary** colour.</text></questiontext>
    <generalfeedback format="markdown"><text>Red, green and blue light.</text></generalfeedback>
    <answer fraction="100"><text>red</text></answer>
    <answer fraction="100"><text>blue</text></answer>
  </question>
  <question type="matching">
    <name><text>Capitals</text></name>
    <questiontext><text>Match.</text></questiontext>
  </question>
  <question type="numerical">
    <name><text>Leap year</text></name>
    <questiontext><text>Days?</text></questiontext>
  </question>
  <question type="essay">
    <name><text>Summer</text></name>
    <questiontext><text>Describe it.</text></questiontext>
  </question>
  <question type="cloze">
    <name><text>Cloze</text></name>
    <questiontext><text>{1:SHORTANSWER:=Paris}</text></questiontext>
  </question>
  <question type="description">
    <name><text>Intro</text></name>
    <questiontext><text>Read this first.</text></questiontext>
  </question>
  <question type="ddwtos">
    <name><text>Drag</text></name>
    <questiontext><text>Drag the words.</text></questiontext>
  </question>
  <question type="multichoice">
    <name><text>Scripted</text></name>
    <questiontext format="html"><text><![CDATA[Which? <script>window.hacked = 1</script><img src=x onerror="window.hacked = 1">]]></text></questiontext>
    <generalfeedback format="plain_text"><text>&lt;script&gt;window.hacked = 1&lt;/script&gt;</text></generalfeedback>
    <single>true</single>
    <answer fraction="100" format="plain_text"><text>&lt;img src=x onerror=alert(1)&gt;</text></answer>
    <answer fraction="0" format="plain_text"><text>&#26031;&#x1F600;</text></answer>
  </question>
</quiz>
`;
