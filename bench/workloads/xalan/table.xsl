<?xml version="1.0" encoding="UTF-8"?>
<!-- HTML rendering: the html output method, xsl:number (single and multiple
     levels, letter and roman formats), attribute sets, xsl:element and
     xsl:attribute, xsl:choose, modes, an identity transform with xsl:copy,
     variables holding result tree fragments, and multi-key numeric sorts. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:output method="html" indent="yes" encoding="UTF-8"/>
  <xsl:param name="doc-label" select="'document'"/>

  <xsl:key name="customer" match="customer" use="@id"/>

  <xsl:attribute-set name="cell">
    <xsl:attribute name="class">cell</xsl:attribute>
    <xsl:attribute name="valign">top</xsl:attribute>
  </xsl:attribute-set>
  <xsl:attribute-set name="number-cell" use-attribute-sets="cell">
    <xsl:attribute name="align">right</xsl:attribute>
  </xsl:attribute-set>

  <xsl:template match="/orderbook">
    <html>
      <head><title>Orders, <xsl:value-of select="$doc-label"/></title></head>
      <body>
        <h1>Order book <xsl:value-of select="@doc"/></h1>
        <xsl:apply-templates select="orders" mode="table"/>
        <h2>Large orders, annotated copy</h2>
        <xsl:apply-templates select="orders/order[count(item) &gt;= 4]" mode="copy"/>
        <h2>Notes</h2>
        <ol>
          <xsl:for-each select="orders/order/note">
            <li><xsl:number level="any" count="note" format="i"/>: <xsl:value-of select="normalize-space(.)"/></li>
          </xsl:for-each>
        </ol>
      </body>
    </html>
  </xsl:template>

  <!-- The order table: orders sorted by status, then by number of items
       (descending), then by date; every line item numbered "order.item". -->
  <xsl:template match="orders" mode="table">
    <table border="1">
      <tr><th>#</th><th>order</th><th>customer</th><th>status</th><th>lines</th><th>total</th></tr>
      <xsl:for-each select="order">
        <xsl:sort select="@status"/>
        <xsl:sort select="count(item)" data-type="number" order="descending"/>
        <xsl:sort select="@date" order="descending"/>
        <xsl:variable name="total" select="sum(item/@price)"/>
        <xsl:element name="tr">
          <xsl:attribute name="class">
            <xsl:choose>
              <xsl:when test="position() mod 2 = 0">even</xsl:when>
              <xsl:otherwise>odd</xsl:otherwise>
            </xsl:choose>
          </xsl:attribute>
          <xsl:if test="@status = 'cancelled' or @status = 'returned'">
            <xsl:attribute name="style">color: gray</xsl:attribute>
          </xsl:if>
          <td xsl:use-attribute-sets="number-cell"><xsl:number value="position()" format="A"/></td>
          <td xsl:use-attribute-sets="cell"><xsl:value-of select="@id"/></td>
          <td xsl:use-attribute-sets="cell"><xsl:value-of select="key('customer', @customer)/name"/></td>
          <td xsl:use-attribute-sets="cell"><xsl:value-of select="@status"/></td>
          <td xsl:use-attribute-sets="cell">
            <xsl:for-each select="item">
              <xsl:number level="multiple" count="order|item" format="1.1"/>
              <xsl:text> </xsl:text>
              <xsl:value-of select="@sku"/>
              <xsl:if test="position() != last()"><br/></xsl:if>
            </xsl:for-each>
          </td>
          <td xsl:use-attribute-sets="number-cell">
            <xsl:choose>
              <xsl:when test="$total &gt; 500"><b><xsl:value-of select="format-number($total, '#,##0.00')"/></b></xsl:when>
              <xsl:otherwise><xsl:value-of select="format-number($total, '#,##0.00')"/></xsl:otherwise>
            </xsl:choose>
          </td>
        </xsl:element>
      </xsl:for-each>
    </table>
  </xsl:template>

  <!-- Identity transform in a mode, adding attributes as it copies. -->
  <xsl:template match="@* | node()" mode="copy">
    <xsl:copy>
      <xsl:apply-templates select="@* | node()" mode="copy"/>
    </xsl:copy>
  </xsl:template>

  <xsl:template match="order" mode="copy">
    <xsl:variable name="lines">
      <xsl:for-each select="item">
        <xsl:sort select="@category"/>
        <xsl:value-of select="@category"/>
        <xsl:if test="position() != last()">,</xsl:if>
      </xsl:for-each>
    </xsl:variable>
    <div class="order" title="{$lines}">
      <xsl:copy>
        <xsl:apply-templates select="@*" mode="copy"/>
        <xsl:attribute name="position"><xsl:number level="single" count="order"/></xsl:attribute>
        <xsl:attribute name="customer-name"><xsl:value-of select="key('customer', @customer)/name"/></xsl:attribute>
        <xsl:apply-templates select="node()" mode="copy"/>
      </xsl:copy>
    </div>
  </xsl:template>

  <xsl:template match="item/text()" mode="copy">
    <xsl:value-of select="normalize-space(.)"/>
  </xsl:template>
</xsl:stylesheet>
