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
  <line> D0706-A.M.100.B.B</line>
  <line>---------------</line>
  <line></line>
  <line>Some 400 people in Elmsford had to leave their homes from the town of Elmsford.</line>
  <line>The old stone bridge, officials said, was closed to traffic on Thursday.</line>
  <line>Shelters for the evacuated families, officials said, were set up in the school gym.</line>
  <line>The swollen Marrow river rose over its banks.</line>
  <line>The governor declared a state of emergency.</line>
  <line>Muddy water swept through Elmsford.</line>
  <line>National guard troops brought boats to rescue stranded families.</line>
  <line>Three days of heavy rain triggered the high water.</line>
  <line></line>
  <line>---------------</line>
  <line> D0706-A.M.100.B.D</line>
  <line>---------------</line>
  <line></line>
  <line>The governor, a spokesman said, announced an emergency for the county.</line>
  <line>The main bridge over the Marrow was closed to traffic near the town of Elmsford.</line>
  <line>The river level, officials said, began to fall on Sunday.</line>
  <line>Three days of heavy rain caused the flood.</line>
  <line>The swollen Marrow river overflowed its banks.</line>
  <line>Fields of wheat near the river were under water near the town of Elmsford.</line>
  <line>Two local men, according to local radio, were reported missing near the Marrow river.</line>
  <line></line>
  <line>---------------</line>
  <line> D0706-A.M.100.B.E</line>
  <line>---------------</line>
  <line></line>
  <line>The old stone bridge, officials said, was shut by the police near the town of Elmsford.</line>
  <line>Governor Alma Reyes declared a state of emergency.</line>
  <line>Emergency shelters opened in the high school gym.</line>
  <line>The river Marrow rose over its banks.</line>
  <line>The water dropped slowly on Sunday.</line>
  <line>Some 400 people in Elmsford, the report said, were moved to safety from the town of Elmsford.</line>
  <line></line>
  <line>---------------</line>
  <line> D0706-A.M.100.B.I</line>
  <line>---------------</line>
  <line></line>
  <line>Emergency shelters were set up in the school gym.</line>
  <line>The old stone bridge was shut by the police on Thursday.</line>
  <line>The river Marrow, the report said, overflowed its banks.</line>
  <line>Fields of wheat near the river were under water along the Marrow river.</line>
  <line>Electricity was cut to nine thousand homes in the town of Elmsford.</line>
  <line>The water, according to local radio, began to fall on Sunday.</line>
  <line>National guard troops sent rescue boats.</line>
 </text>
 <scu uid="1" label="The Marrow river burst its banks">
  <contributor label="The swollen Marrow river rose over its banks">
   <part label="The swollen Marrow river rose over its banks" start="290" end="334"/>
  </contributor>
  <contributor label="The swollen Marrow river overflowed its banks">
   <part label="The swollen Marrow river overflowed its banks" start="838" end="883"/>
  </contributor>
  <contributor label="The river Marrow rose over its banks">
   <part label="The river Marrow rose over its banks" start="1288" end="1324"/>
  </contributor>
  <contributor label="The river Marrow...overflowed its banks">
   <part label="The river Marrow" start="1616" end="1632"/>
   <part label="overflowed its banks" start="1651" end="1671"/>
  </contributor>
 </scu>
 <scu uid="2" label="The flood hit the town of Elmsford">
  <contributor label="Muddy water swept through Elmsford">
   <part label="Muddy water swept through Elmsford" start="380" end="414"/>
  </contributor>
 </scu>
 <scu uid="3" label="Three days of heavy rain caused the flood">
  <contributor label="Three days of heavy rain triggered the high water">
   <part label="Three days of heavy rain triggered the high water" start="481" end="530"/>
  </contributor>
  <contributor label="Three days of heavy rain caused the flood">
   <part label="Three days of heavy rain caused the flood" start="795" end="836"/>
  </contributor>
 </scu>
 <scu uid="4" label="Four hundred residents were evacuated">
  <contributor label="Some 400 people in Elmsford had to leave their homes from the town of Elmsford">
   <part label="Some 400 people in Elmsford had to leave their homes from the town of Elmsford" start="53" end="131"/>
  </contributor>
  <contributor label="Some 400 people in Elmsford...were moved to safety from the town of Elmsford">
   <part label="Some 400 people in Elmsford" start="1362" end="1389"/>
   <part label="were moved to safety from the town of Elmsford" start="1408" end="1454"/>
  </contributor>
 </scu>
 <scu uid="5" label="Shelters opened in the school gym">
  <contributor label="Shelters for the evacuated families...were set up in the school gym">
   <part label="Shelters for the evacuated families" start="206" end="241"/>
   <part label="were set up in the school gym" start="259" end="288"/>
  </contributor>
  <contributor label="Emergency shelters opened in the high school gym">
   <part label="Emergency shelters opened in the high school gym" start="1238" end="1286"/>
  </contributor>
  <contributor label="Emergency shelters were set up in the school gym">
   <part label="Emergency shelters were set up in the school gym" start="1509" end="1557"/>
  </contributor>
 </scu>
 <scu uid="6" label="Two people were missing">
  <contributor label="Two local men...were reported missing near the Marrow river">
   <part label="Two local men" start="960" end="973"/>
   <part label="were reported missing near the Marrow river" start="1001" end="1044"/>
  </contributor>
 </scu>
 <scu uid="7" label="The main bridge was closed">
  <contributor label="The old stone bridge...was closed to traffic on Thursday">
   <part label="The old stone bridge" start="133" end="153"/>
   <part label="was closed to traffic on Thursday" start="171" end="204"/>
  </contributor>
  <contributor label="The main bridge over the Marrow was closed to traffic near the town of Elmsford">
   <part label="The main bridge over the Marrow was closed to traffic near the town of Elmsford" start="656" end="735"/>
  </contributor>
  <contributor label="The old stone bridge...was shut by the police near the town of Elmsford">
   <part label="The old stone bridge" start="1099" end="1119"/>
   <part label="was shut by the police near the town of Elmsford" start="1137" end="1185"/>
  </contributor>
  <contributor label="The old stone bridge was shut by the police on Thursday">
   <part label="The old stone bridge was shut by the police on Thursday" start="1559" end="1614"/>
  </contributor>
 </scu>
 <scu uid="8" label="Power was cut to many homes">
  <contributor label="Electricity was cut to nine thousand homes in the town of Elmsford">
   <part label="Electricity was cut to nine thousand homes in the town of Elmsford" start="1745" end="1811"/>
  </contributor>
 </scu>
 <scu uid="9" label="The governor declared a state of emergency">
  <contributor label="The governor declared a state of emergency">
   <part label="The governor declared a state of emergency" start="336" end="378"/>
  </contributor>
  <contributor label="The governor...announced an emergency for the county">
   <part label="The governor" start="585" end="597"/>
   <part label="announced an emergency for the county" start="617" end="654"/>
  </contributor>
  <contributor label="Governor Alma Reyes declared a state of emergency">
   <part label="Governor Alma Reyes declared a state of emergency" start="1187" end="1236"/>
  </contributor>
 </scu>
 <scu uid="10" label="The army sent boats">
  <contributor label="National guard troops brought boats to rescue stranded families">
   <part label="National guard troops brought boats to rescue stranded families" start="416" end="479"/>
  </contributor>
  <contributor label="National guard troops sent rescue boats">
   <part label="National guard troops sent rescue boats" start="1875" end="1914"/>
  </contributor>
 </scu>
 <scu uid="11" label="Farmland was damaged">
  <contributor label="Fields of wheat near the river were under water near the town of Elmsford">
   <part label="Fields of wheat near the river were under water near the town of Elmsford" start="885" end="958"/>
  </contributor>
  <contributor label="Fields of wheat near the river were under water along the Marrow river">
   <part label="Fields of wheat near the river were under water along the Marrow river" start="1673" end="1743"/>
  </contributor>
 </scu>
 <scu uid="12" label="The water began to fall on Sunday">
  <contributor label="The river level...began to fall on Sunday">
   <part label="The river level" start="737" end="752"/>
   <part label="began to fall on Sunday" start="770" end="793"/>
  </contributor>
  <contributor label="The water dropped slowly on Sunday">
   <part label="The water dropped slowly on Sunday" start="1326" end="1360"/>
  </contributor>
  <contributor label="The water...began to fall on Sunday">
   <part label="The water" start="1813" end="1822"/>
   <part label="began to fall on Sunday" start="1850" end="1873"/>
  </contributor>
 </scu>
</pyramid>
<annotation>
 <text>
  <line>Seventy hours of steady rain triggered the high water.</line>
  <line>A local bakery handed out free bread to volunteers.</line>
  <line>The Marrow river overflowed its banks.</line>
  <line>National guard troops sent rescue boats.</line>
  <line>About four hundred residents were moved to safety from homes near the Marrow river.</line>
  <line>Governor Alma Reyes, a spokesman said, announced an emergency for the county.</line>
  <line>The main bridge over the Marrow was shut by the police near the town of Elmsford.</line>
  <line>Weather experts expect a dry summer.</line>
  <line>The water began to fall on Sunday.</line>
 </text>
 <peerscu uid="1" label="(4) The Marrow river burst its banks">
  <contributor label="The Marrow river overflowed its banks">
   <part label="The Marrow river overflowed its banks" start="107" end="144"/>
  </contributor>
 </peerscu>
 <peerscu uid="7" label="(4) The main bridge was closed">
  <contributor label="The main bridge over the Marrow was shut by the police near the town of Elmsford">
   <part label="The main bridge over the Marrow was shut by the police near the town of Elmsford" start="349" end="429"/>
  </contributor>
 </peerscu>
 <peerscu uid="5" label="(3) Shelters opened in the school gym">
 </peerscu>
 <peerscu uid="9" label="(3) The governor declared a state of emergency">
  <contributor label="Governor Alma Reyes...announced an emergency for the county">
   <part label="Governor Alma Reyes" start="271" end="290"/>
   <part label="announced an emergency for the county" start="310" end="347"/>
  </contributor>
 </peerscu>
 <peerscu uid="12" label="(3) The water began to fall on Sunday">
  <contributor label="The water began to fall on Sunday">
   <part label="The water began to fall on Sunday" start="468" end="501"/>
  </contributor>
 </peerscu>
 <peerscu uid="11" label="(2) Farmland was damaged">
 </peerscu>
 <peerscu uid="4" label="(2) Four hundred residents were evacuated">
  <contributor label="About four hundred residents were moved to safety from homes near the Marrow river">
   <part label="About four hundred residents were moved to safety from homes near the Marrow river" start="187" end="269"/>
  </contributor>
 </peerscu>
 <peerscu uid="10" label="(2) The army sent boats">
  <contributor label="National guard troops sent rescue boats">
   <part label="National guard troops sent rescue boats" start="146" end="185"/>
  </contributor>
 </peerscu>
 <peerscu uid="3" label="(2) Three days of heavy rain caused the flood">
  <contributor label="Seventy hours of steady rain triggered the high water">
   <part label="Seventy hours of steady rain triggered the high water" start="0" end="53"/>
  </contributor>
 </peerscu>
 <peerscu uid="8" label="(1) Power was cut to many homes">
 </peerscu>
 <peerscu uid="2" label="(1) The flood hit the town of Elmsford">
 </peerscu>
 <peerscu uid="6" label="(1) Two people were missing">
 </peerscu>
 <peerscu uid="0" label="All non-matching SCUs go here">
  <contributor label="A local bakery handed out free bread to volunteers">
   <part label="A local bakery handed out free bread to volunteers" start="55" end="105"/>
  </contributor>
 </peerscu>
</annotation>
</peerAnnotation>
