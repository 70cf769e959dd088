<?xml version="1.0"?>
<!DOCTYPE peerAnnotation [
 <!ELEMENT peerAnnotation (pyramid,annotation)>
 <!ELEMENT annotation (text,peerscu+)>
 <!ELEMENT peerscu (contributor)*>
 <!ATTLIST peerscu uid CDATA #REQUIRED
                   label CDATA #REQUIRED
                   comment CDATA #IMPLIED>

 <!ELEMENT pyramid (startDocumentRegEx?,text,scu*)>
 <!ELEMENT startDocumentRegEx (#PCDATA)>
 <!ELEMENT text (line*)>
 <!ELEMENT line (#PCDATA)>
 <!ELEMENT scu (contributor)+>
 <!ATTLIST scu uid CDATA #REQUIRED
               label CDATA #REQUIRED
               comment CDATA #IMPLIED>
 <!ELEMENT contributor (part)+>
 <!ATTLIST contributor label CDATA #REQUIRED
                       comment CDATA #IMPLIED>
 <!ELEMENT part EMPTY>
 <!ATTLIST part label CDATA #REQUIRED
                start CDATA #REQUIRED
                end   CDATA #REQUIRED>

]>

<peerAnnotation>
<pyramid>
<startDocumentRegEx><![CDATA[[-]*\n D[0-9]*-[A-Z]\.M\.100\.[A-Z]\.[A-Z]\n[-]*\n]]></startDocumentRegEx>
 <text>
  <line></line>
  <line>---------------</line>
  <line> D0703-B.M.100.A.A</line>
  <line>---------------</line>
  <line></line>
  <line>Tourism dropped by a third.</line>
  <line>The union said strikes could return.</line>
  <line>Island businesses asked for compensation.</line>
  <line>Ferry crews got a seven percent raise.</line>
  <line>Hundreds of tourists were stranded for days.</line>
  <line>A navy ship brought medical supplies during the ferry strike.</line>
  <line>Both sides reached a deal.</line>
  <line></line>
  <line>---------------</line>
  <line> D0703-B.M.100.A.C</line>
  <line>---------------</line>
  <line></line>
  <line>Hotel owners want to be paid for their losses.</line>
  <line>The strike went into a second week.</line>
  <line>The first ferry sailed again on Friday.</line>
  <line>Long queues formed at the port.</line>
  <line>A navy ship carried medicine to the islands during the ferry strike.</line>
  <line></line>
  <line>---------------</line>
  <line> D0703-B.M.100.A.D</line>
  <line>---------------</line>
  <line></line>
  <line>Long queues, the report said, waited at the harbour.</line>
  <line>Summer visitors could not leave the islands on the islands during the ferry strike.</line>
  <line>The workers got a seven percent raise.</line>
  <line>Tourism fell during the strike.</line>
  <line>Blue Line Ferries lost two million dollars.</line>
  <line>Blue Line Ferries, according to local radio, promised extra sailings.</line>
  <line>The government, a spokesman said, called both sides to talks.</line>
  <line>Union leaders, the report said, warned of new strikes.</line>
  <line>Island businesses, according to local radio, want to be paid for their losses.</line>
  <line>The navy, residents reported, brought medical supplies during the ferry strike.</line>
  <line>The walkout entered its second week.</line>
  <line></line>
  <line>---------------</line>
  <line> D0703-B.M.100.A.J</line>
  <line>---------------</line>
  <line></line>
  <line>A navy ship carried medicine to the islands on Wednesday.</line>
  <line>Hotel owners asked for compensation.</line>
  <line>The first talks broke down on Tuesday.</line>
  <line>The union warned of new strikes.</line>
  <line>Lines of cars formed at the port.</line>
  <line>Summer visitors, the report said, were stranded on the islands during the ferry strike.</line>
  <line>Blue Line Ferries, officials said, added extra trips.</line>
 </text>
 <scu uid="5" label="The navy carried medicine">
  <contributor label="A navy ship brought medical supplies during the ferry strike">
   <part label="A navy ship brought medical supplies during the ferry strike" start="244" end="304"/>
  </contributor>
  <contributor label="A navy ship carried medicine to the islands during the ferry strike">
   <part label="A navy ship carried medicine to the islands during the ferry strike" start="541" end="608"/>
  </contributor>
  <contributor label="The navy...brought medical supplies during the ferry strike">
   <part label="The navy" start="1181" end="1189"/>
   <part label="brought medical supplies during the ferry strike" start="1211" end="1259"/>
  </contributor>
  <contributor label="A navy ship carried medicine to the islands on Wednesday">
   <part label="A navy ship carried medicine to the islands on Wednesday" start="1351" end="1407"/>
  </contributor>
 </scu>
 <scu uid="6" label="Tourists were stranded">
  <contributor label="Hundreds of tourists were stranded for days">
   <part label="Hundreds of tourists were stranded for days" start="199" end="242"/>
  </contributor>
  <contributor label="Summer visitors could not leave the islands on the islands during the ferry strike">
   <part label="Summer visitors could not leave the islands on the islands during the ferry strike" start="716" end="798"/>
  </contributor>
  <contributor label="Summer visitors...were stranded on the islands during the ferry strike">
   <part label="Summer visitors" start="1552" end="1567"/>
   <part label="were stranded on the islands during the ferry strike" start="1586" end="1638"/>
  </contributor>
 </scu>
 <scu uid="7" label="The ferry company lost money">
  <contributor label="Blue Line Ferries lost two million dollars">
   <part label="Blue Line Ferries lost two million dollars" start="871" end="913"/>
  </contributor>
 </scu>
 <scu uid="8" label="Talks failed on Tuesday">
  <contributor label="The first talks broke down on Tuesday">
   <part label="The first talks broke down on Tuesday" start="1446" end="1483"/>
  </contributor>
 </scu>
 <scu uid="9" label="The government offered to mediate">
  <contributor label="The government...called both sides to talks">
   <part label="The government" start="985" end="999"/>
   <part label="called both sides to talks" start="1019" end="1045"/>
  </contributor>
 </scu>
 <scu uid="10" label="The strike entered its second week">
  <contributor label="The strike went into a second week">
   <part label="The strike went into a second week" start="433" end="467"/>
  </contributor>
  <contributor label="The walkout entered its second week">
   <part label="The walkout entered its second week" start="1261" end="1296"/>
  </contributor>
 </scu>
 <scu uid="11" label="A deal was reached">
  <contributor label="Both sides reached a deal">
   <part label="Both sides reached a deal" start="306" end="331"/>
  </contributor>
 </scu>
 <scu uid="12" label="The workers got a seven percent raise">
  <contributor label="Ferry crews got a seven percent raise">
   <part label="Ferry crews got a seven percent raise" start="160" end="197"/>
  </contributor>
  <contributor label="The workers got a seven percent raise">
   <part label="The workers got a seven percent raise" start="800" end="837"/>
  </contributor>
 </scu>
 <scu uid="13" label="Ferries sailed again on Friday">
  <contributor label="The first ferry sailed again on Friday">
   <part label="The first ferry sailed again on Friday" start="469" end="507"/>
  </contributor>
 </scu>
 <scu uid="14" label="Long queues formed at the port">
  <contributor label="Long queues formed at the port">
   <part label="Long queues formed at the port" start="509" end="539"/>
  </contributor>
  <contributor label="Long queues...waited at the harbour">
   <part label="Long queues" start="663" end="674"/>
   <part label="waited at the harbour" start="693" end="714"/>
  </contributor>
  <contributor label="Lines of cars formed at the port">
   <part label="Lines of cars formed at the port" start="1518" end="1550"/>
  </contributor>
 </scu>
 <scu uid="15" label="The company promised extra sailings">
  <contributor label="Blue Line Ferries...promised extra sailings">
   <part label="Blue Line Ferries" start="915" end="932"/>
   <part label="promised extra sailings" start="960" end="983"/>
  </contributor>
  <contributor label="Blue Line Ferries...added extra trips">
   <part label="Blue Line Ferries" start="1640" end="1657"/>
   <part label="added extra trips" start="1675" end="1692"/>
  </contributor>
 </scu>
 <scu uid="16" label="Island businesses asked for compensation">
  <contributor label="Island businesses asked for compensation">
   <part label="Island businesses asked for compensation" start="118" end="158"/>
  </contributor>
  <contributor label="Hotel owners want to be paid for their losses">
   <part label="Hotel owners want to be paid for their losses" start="386" end="431"/>
  </contributor>
  <contributor label="Island businesses...want to be paid for their losses">
   <part label="Island businesses" start="1102" end="1119"/>
   <part label="want to be paid for their losses" start="1147" end="1179"/>
  </contributor>
  <contributor label="Hotel owners asked for compensation">
   <part label="Hotel owners asked for compensation" start="1409" end="1444"/>
  </contributor>
 </scu>
 <scu uid="17" label="The union warned of new strikes">
  <contributor label="The union said strikes could return">
   <part label="The union said strikes could return" start="81" end="116"/>
  </contributor>
  <contributor label="Union leaders...warned of new strikes">
   <part label="Union leaders" start="1047" end="1060"/>
   <part label="warned of new strikes" start="1079" end="1100"/>
  </contributor>
  <contributor label="The union warned of new strikes">
   <part label="The union warned of new strikes" start="1485" end="1516"/>
  </contributor>
 </scu>
 <scu uid="18" label="Tourism fell during the strike">
  <contributor label="Tourism dropped by a third">
   <part label="Tourism dropped by a third" start="53" end="79"/>
  </contributor>
  <contributor label="Tourism fell during the strike">
   <part label="Tourism fell during the strike" start="839" end="869"/>
  </contributor>
 </scu>
</pyramid>
<annotation>
 <text>
  <line>The government, residents reported, called both sides to talks.</line>
  <line>Blue Line Ferries, residents reported, added extra trips.</line>
  <line>The ferries sailed again on Friday.</line>
  <line>Long queues, officials said, waited at the harbour.</line>
  <line>A fishing boat caught a rare shark.</line>
  <line>Hundreds of tourists were stranded for days.</line>
  <line>Tourism, officials said, fell during the strike.</line>
  <line>Union leaders warned of new strikes.</line>
  <line>The lighthouse was painted white.</line>
  <line>Talks between the union and the company, the report said, failed on Tuesday.</line>
 </text>
 <peerscu uid="16" label="(4) Island businesses asked for compensation">
 </peerscu>
 <peerscu uid="5" label="(4) The navy carried medicine">
 </peerscu>
 <peerscu uid="14" label="(3) Long queues formed at the port">
  <contributor label="Long queues...waited at the harbour">
   <part label="Long queues" start="158" end="169"/>
   <part label="waited at the harbour" start="187" end="208"/>
  </contributor>
 </peerscu>
 <peerscu uid="17" label="(3) The union warned of new strikes">
  <contributor label="Union leaders warned of new strikes">
   <part label="Union leaders warned of new strikes" start="340" end="375"/>
  </contributor>
 </peerscu>
 <peerscu uid="6" label="(3) Tourists were stranded">
  <contributor label="Hundreds of tourists were stranded for days">
   <part label="Hundreds of tourists were stranded for days" start="246" end="289"/>
  </contributor>
 </peerscu>
 <peerscu uid="15" label="(2) The company promised extra sailings">
  <contributor label="Blue Line Ferries...added extra trips">
   <part label="Blue Line Ferries" start="64" end="81"/>
   <part label="added extra trips" start="103" end="120"/>
  </contributor>
 </peerscu>
 <peerscu uid="10" label="(2) The strike entered its second week">
 </peerscu>
 <peerscu uid="12" label="(2) The workers got a seven percent raise">
 </peerscu>
 <peerscu uid="18" label="(2) Tourism fell during the strike">
  <contributor label="Tourism...fell during the strike">
   <part label="Tourism" start="291" end="298"/>
   <part label="fell during the strike" start="316" end="338"/>
  </contributor>
 </peerscu>
 <peerscu uid="11" label="(1) A deal was reached">
 </peerscu>
 <peerscu uid="13" label="(1) Ferries sailed again on Friday">
  <contributor label="The ferries sailed again on Friday">
   <part label="The ferries sailed again on Friday" start="122" end="156"/>
  </contributor>
 </peerscu>
 <peerscu uid="8" label="(1) Talks failed on Tuesday">
  <contributor label="Talks between the union and the company...failed on Tuesday">
   <part label="Talks between the union and the company" start="411" end="450"/>
   <part label="failed on Tuesday" start="469" end="486"/>
  </contributor>
 </peerscu>
 <peerscu uid="7" label="(1) The ferry company lost money">
 </peerscu>
 <peerscu uid="9" label="(1) The government offered to mediate">
  <contributor label="The government...called both sides to talks">
   <part label="The government" start="0" end="14"/>
   <part label="called both sides to talks" start="36" end="62"/>
  </contributor>
 </peerscu>
 <peerscu uid="0" label="All non-matching SCUs go here">
  <contributor label="A fishing boat caught a rare shark">
   <part label="A fishing boat caught a rare shark" start="210" end="244"/>
  </contributor>
 </peerscu>
</annotation>
</peerAnnotation>
