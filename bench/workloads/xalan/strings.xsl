<?xml version="1.0" encoding="UTF-8"?>
<!-- String processing: translate, substring, substring-before/after, contains,
     starts-with, normalize-space, concat and string-length, with recursive
     named templates for tokenizing, replacing, reversing, padding, and
     integer arithmetic (gcd, digit sums, base conversion). -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:output method="xml" indent="yes" encoding="UTF-8"/>
  <xsl:param name="doc-label" select="'document'"/>

  <xsl:variable name="lower" select="'abcdefghijklmnopqrstuvwxyz'"/>
  <xsl:variable name="upper" select="'ABCDEFGHIJKLMNOPQRSTUVWXYZ'"/>

  <!-- Splits $text at single spaces, one <w> per word with its length. -->
  <xsl:template name="tokenize">
    <xsl:param name="text"/>
    <xsl:if test="string-length($text) &gt; 0">
      <xsl:variable name="word">
        <xsl:choose>
          <xsl:when test="contains($text, ' ')"><xsl:value-of select="substring-before($text, ' ')"/></xsl:when>
          <xsl:otherwise><xsl:value-of select="$text"/></xsl:otherwise>
        </xsl:choose>
      </xsl:variable>
      <w len="{string-length($word)}"><xsl:value-of select="$word"/></w>
      <xsl:call-template name="tokenize">
        <xsl:with-param name="text" select="substring-after($text, ' ')"/>
      </xsl:call-template>
    </xsl:if>
  </xsl:template>

  <!-- Replaces every occurrence of $from in $text by $to. -->
  <xsl:template name="replace">
    <xsl:param name="text"/>
    <xsl:param name="from"/>
    <xsl:param name="to"/>
    <xsl:choose>
      <xsl:when test="contains($text, $from)">
        <xsl:value-of select="concat(substring-before($text, $from), $to)"/>
        <xsl:call-template name="replace">
          <xsl:with-param name="text" select="substring-after($text, $from)"/>
          <xsl:with-param name="from" select="$from"/>
          <xsl:with-param name="to" select="$to"/>
        </xsl:call-template>
      </xsl:when>
      <xsl:otherwise><xsl:value-of select="$text"/></xsl:otherwise>
    </xsl:choose>
  </xsl:template>

  <!-- Reverses a string by halves (recursion depth log n). -->
  <xsl:template name="reverse">
    <xsl:param name="text"/>
    <xsl:variable name="len" select="string-length($text)"/>
    <xsl:choose>
      <xsl:when test="$len &lt; 2"><xsl:value-of select="$text"/></xsl:when>
      <xsl:otherwise>
        <xsl:variable name="half" select="floor($len div 2)"/>
        <xsl:call-template name="reverse">
          <xsl:with-param name="text" select="substring($text, $half + 1)"/>
        </xsl:call-template>
        <xsl:call-template name="reverse">
          <xsl:with-param name="text" select="substring($text, 1, $half)"/>
        </xsl:call-template>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:template>

  <!-- Left-pads $text with $char to $width characters. -->
  <xsl:template name="pad">
    <xsl:param name="text"/>
    <xsl:param name="width"/>
    <xsl:param name="char" select="'.'"/>
    <xsl:choose>
      <xsl:when test="string-length($text) &lt; $width">
        <xsl:call-template name="pad">
          <xsl:with-param name="text" select="concat($char, $text)"/>
          <xsl:with-param name="width" select="$width"/>
          <xsl:with-param name="char" select="$char"/>
        </xsl:call-template>
      </xsl:when>
      <xsl:otherwise><xsl:value-of select="$text"/></xsl:otherwise>
    </xsl:choose>
  </xsl:template>

  <!-- Euclid's greatest common divisor. -->
  <xsl:template name="gcd">
    <xsl:param name="a"/>
    <xsl:param name="b"/>
    <xsl:choose>
      <xsl:when test="$b = 0"><xsl:value-of select="$a"/></xsl:when>
      <xsl:otherwise>
        <xsl:call-template name="gcd">
          <xsl:with-param name="a" select="$b"/>
          <xsl:with-param name="b" select="$a mod $b"/>
        </xsl:call-template>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:template>

  <!-- A non-negative integer written in base $base (2..16). -->
  <xsl:template name="to-base">
    <xsl:param name="n"/>
    <xsl:param name="base"/>
    <xsl:if test="$n &gt;= $base">
      <xsl:call-template name="to-base">
        <xsl:with-param name="n" select="floor($n div $base)"/>
        <xsl:with-param name="base" select="$base"/>
      </xsl:call-template>
    </xsl:if>
    <xsl:value-of select="substring('0123456789abcdef', $n mod $base + 1, 1)"/>
  </xsl:template>

  <!-- Sum of the decimal digits of a digit string. -->
  <xsl:template name="digit-sum">
    <xsl:param name="digits"/>
    <xsl:param name="acc" select="0"/>
    <xsl:choose>
      <xsl:when test="$digits = ''"><xsl:value-of select="$acc"/></xsl:when>
      <xsl:otherwise>
        <xsl:call-template name="digit-sum">
          <xsl:with-param name="digits" select="substring($digits, 2)"/>
          <xsl:with-param name="acc" select="$acc + number(substring($digits, 1, 1))"/>
        </xsl:call-template>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:template>

  <xsl:template match="/orderbook">
    <strings label="{translate($doc-label, $lower, $upper)}">
      <xsl:apply-templates select="customers/customer"/>
      <xsl:apply-templates select="orders/order[position() mod 3 = 1]"/>
    </strings>
  </xsl:template>

  <!-- Customer names: case mapping, initials, padding, reversal. -->
  <xsl:template match="customer">
    <xsl:variable name="first" select="substring-before(name, ' ')"/>
    <xsl:variable name="last" select="substring-after(name, ' ')"/>
    <person id="{@id}" initials="{concat(substring($first, 1, 1), '.', substring($last, 1, 1), '.')}">
      <upper><xsl:value-of select="translate(name, $lower, $upper)"/></upper>
      <sort-name><xsl:value-of select="concat(translate($last, $lower, $upper), ', ', $first)"/></sort-name>
      <padded>
        <xsl:call-template name="pad">
          <xsl:with-param name="text" select="$last"/>
          <xsl:with-param name="width" select="16"/>
        </xsl:call-template>
      </padded>
      <reversed>
        <xsl:call-template name="reverse">
          <xsl:with-param name="text" select="name"/>
        </xsl:call-template>
      </reversed>
      <vowels><xsl:value-of select="string-length(name) - string-length(translate(name, 'aeiouAEIOU', ''))"/></vowels>
      <city code="{translate(substring(city, 1, 3), $lower, $upper)}" long="{string-length(city) &gt; 7}">
        <xsl:value-of select="city"/>
      </city>
    </person>
  </xsl:template>

  <!-- Orders: date pieces, id arithmetic, descriptions tokenized and rewritten. -->
  <xsl:template match="order">
    <xsl:variable name="year" select="substring-before(@date, '-')"/>
    <xsl:variable name="month" select="substring-before(substring-after(@date, '-'), '-')"/>
    <xsl:variable name="day" select="substring-after(substring-after(@date, '-'), '-')"/>
    <xsl:variable name="num" select="number(substring(@id, 2))"/>
    <entry id="{@id}" date="{concat($day, '/', $month, '/', $year)}"
           status="{translate(substring(@status, 1, 1), $lower, $upper)}{substring(@status, 2)}">
      <id-digits>
        <xsl:call-template name="digit-sum">
          <xsl:with-param name="digits" select="substring(@id, 2)"/>
        </xsl:call-template>
      </id-digits>
      <id-hex>
        <xsl:call-template name="to-base">
          <xsl:with-param name="n" select="$num"/>
          <xsl:with-param name="base" select="16"/>
        </xsl:call-template>
      </id-hex>
      <id-bin>
        <xsl:call-template name="to-base">
          <xsl:with-param name="n" select="$num mod 4096"/>
          <xsl:with-param name="base" select="2"/>
        </xsl:call-template>
      </id-bin>
      <gcd-with-day>
        <xsl:call-template name="gcd">
          <xsl:with-param name="a" select="$num"/>
          <xsl:with-param name="b" select="number($day) * number($month)"/>
        </xsl:call-template>
      </gcd-with-day>
      <xsl:for-each select="item | note">
        <xsl:variable name="clean" select="normalize-space(.)"/>
        <text kind="{name()}" raw-length="{string-length(.)}" length="{string-length($clean)}"
              steel="{contains($clean, 'steel')}" starts-the="{starts-with($clean, 'the ')}">
          <xsl:call-template name="tokenize">
            <xsl:with-param name="text" select="$clean"/>
          </xsl:call-template>
          <rewritten>
            <xsl:call-template name="replace">
              <xsl:with-param name="text" select="$clean"/>
              <xsl:with-param name="from" select="' and '"/>
              <xsl:with-param name="to" select="' &amp; '"/>
            </xsl:call-template>
          </rewritten>
          <title>
            <xsl:value-of select="translate(substring($clean, 1, 1), $lower, $upper)"/>
            <xsl:value-of select="substring($clean, 2)"/>
          </title>
        </text>
      </xsl:for-each>
    </entry>
  </xsl:template>
</xsl:stylesheet>
