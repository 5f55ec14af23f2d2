<?xml version="1.0" encoding="UTF-8"?>
<!-- Sales report: Muenchian grouping with xsl:key, xsl:sort on several keys,
     sums of qty*price by a recursive named template, format-number with a
     custom decimal format, and cross-references through key(). -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:output method="xml" indent="yes" encoding="UTF-8"/>
  <xsl:param name="doc-label" select="'document'"/>

  <xsl:key name="orders-by-customer" match="order" use="@customer"/>
  <xsl:key name="items-by-category" match="item" use="@category"/>
  <xsl:key name="orders-by-month" match="order" use="substring(@date, 1, 7)"/>
  <xsl:key name="orders-by-status" match="order" use="@status"/>
  <xsl:key name="customer" match="customer" use="@id"/>

  <xsl:decimal-format name="eu" decimal-separator="," grouping-separator="."/>

  <!-- Sum of @qty * @price over a node-set of items, by recursion. -->
  <xsl:template name="revenue">
    <xsl:param name="items"/>
    <xsl:param name="acc" select="0"/>
    <xsl:choose>
      <xsl:when test="not($items)">
        <xsl:value-of select="$acc"/>
      </xsl:when>
      <xsl:otherwise>
        <xsl:call-template name="revenue">
          <xsl:with-param name="items" select="$items[position() &gt; 1]"/>
          <xsl:with-param name="acc" select="$acc + $items[1]/@qty * $items[1]/@price"/>
        </xsl:call-template>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:template>

  <xsl:template match="/orderbook">
    <report label="{$doc-label}" orders="{count(orders/order)}"
            items="{count(orders/order/item)}">
      <xsl:apply-templates select="orders" mode="customers"/>
      <xsl:apply-templates select="orders" mode="categories"/>
      <xsl:apply-templates select="orders" mode="months"/>
      <xsl:apply-templates select="orders" mode="statuses"/>
      <xsl:apply-templates select="orders" mode="top-items"/>
    </report>
  </xsl:template>

  <!-- One group per customer, busiest first, ties by customer id. -->
  <xsl:template match="orders" mode="customers">
    <customers>
      <xsl:for-each select="order[generate-id() = generate-id(key('orders-by-customer', @customer)[1])]">
        <xsl:sort select="count(key('orders-by-customer', @customer))" data-type="number" order="descending"/>
        <xsl:sort select="@customer"/>
        <xsl:variable name="mine" select="key('orders-by-customer', @customer)"/>
        <xsl:variable name="total">
          <xsl:call-template name="revenue">
            <xsl:with-param name="items" select="$mine/item"/>
          </xsl:call-template>
        </xsl:variable>
        <xsl:variable name="who" select="key('customer', @customer)"/>
        <customer rank="{position()}" id="{@customer}" tier="{$who/@tier}">
          <name><xsl:value-of select="$who/name"/></name>
          <city><xsl:value-of select="$who/city"/></city>
          <orders><xsl:value-of select="count($mine)"/></orders>
          <units><xsl:value-of select="sum($mine/item/@qty)"/></units>
          <revenue><xsl:value-of select="format-number($total, '#,##0.00')"/></revenue>
          <revenue-eu><xsl:value-of select="format-number($total, '#.##0,00', 'eu')"/></revenue-eu>
          <average-order><xsl:value-of select="format-number($total div count($mine), '0.000')"/></average-order>
          <first-order><xsl:for-each select="$mine"><xsl:sort select="@date"/><xsl:if test="position() = 1"><xsl:value-of select="@date"/></xsl:if></xsl:for-each></first-order>
          <returned-share><xsl:value-of select="format-number(count($mine[@status = 'returned']) div count($mine), '0.0%')"/></returned-share>
        </customer>
      </xsl:for-each>
    </customers>
  </xsl:template>

  <!-- One group per item category, in name order. -->
  <xsl:template match="orders" mode="categories">
    <categories>
      <xsl:for-each select="order/item[generate-id() = generate-id(key('items-by-category', @category)[1])]">
        <xsl:sort select="@category"/>
        <xsl:variable name="all" select="key('items-by-category', @category)"/>
        <xsl:variable name="total">
          <xsl:call-template name="revenue">
            <xsl:with-param name="items" select="$all"/>
          </xsl:call-template>
        </xsl:variable>
        <category name="{@category}" lines="{count($all)}" units="{sum($all/@qty)}"
                  revenue="{format-number($total, '#,##0.00')}"
                  mean-price="{format-number(sum($all/@price) div count($all), '0.00')}">
          <xsl:for-each select="$all">
            <xsl:sort select="@price" data-type="number" order="descending"/>
            <xsl:if test="position() &lt;= 3">
              <priciest sku="{@sku}" price="{format-number(@price, '00000.00')}"/>
            </xsl:if>
          </xsl:for-each>
        </category>
      </xsl:for-each>
    </categories>
  </xsl:template>

  <!-- One group per year-month, chronological. -->
  <xsl:template match="orders" mode="months">
    <months>
      <xsl:for-each select="order[generate-id() = generate-id(key('orders-by-month', substring(@date, 1, 7))[1])]">
        <xsl:sort select="substring(@date, 1, 7)"/>
        <xsl:variable name="month" select="key('orders-by-month', substring(@date, 1, 7))"/>
        <month key="{substring(@date, 1, 7)}" orders="{count($month)}"
               units="{sum($month/item/@qty)}"
               customers="{count($month[generate-id() = generate-id(key('orders-by-customer', @customer)[substring(@date, 1, 7) = substring(current()/@date, 1, 7)][1])])}"/>
      </xsl:for-each>
    </months>
  </xsl:template>

  <xsl:template match="orders" mode="statuses">
    <statuses>
      <xsl:for-each select="order[generate-id() = generate-id(key('orders-by-status', @status)[1])]">
        <xsl:sort select="count(key('orders-by-status', @status))" data-type="number" order="descending"/>
        <xsl:sort select="@status" order="descending"/>
        <status name="{@status}" count="{count(key('orders-by-status', @status))}"/>
      </xsl:for-each>
    </statuses>
  </xsl:template>

  <!-- The twenty largest single lines by quantity, then price. -->
  <xsl:template match="orders" mode="top-items">
    <top-lines>
      <xsl:for-each select="order/item">
        <xsl:sort select="@qty" data-type="number" order="descending"/>
        <xsl:sort select="@price" data-type="number" order="descending"/>
        <xsl:sort select="@sku"/>
        <xsl:if test="position() &lt;= 20">
          <line n="{position()}" order="{../@id}" sku="{@sku}" qty="{@qty}"
                amount="{format-number(@qty * @price, '#,##0.00')}"/>
        </xsl:if>
      </xsl:for-each>
    </top-lines>
  </xsl:template>
</xsl:stylesheet>
