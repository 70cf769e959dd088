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
  <line> D0706-B.M.100.B.B</line>
  <line>---------------</line>
  <line></line>
  <line>The previous great flood was in 1987.</line>
  <line>The governor announced an emergency for the county.</line>
  <line>Many residents criticised the slow warning.</line>
  <line>Two fishermen, a spokesman said, remained missing on Friday near the Marrow river.</line>
  <line></line>
  <line>---------------</line>
  <line> D0706-B.M.100.B.D</line>
  <line>---------------</line>
  <line></line>
  <line>Electricity failed in nine thousand homes across the county.</line>
  <line>Tap water had to be boiled before use.</line>
  <line>The previous great flood happened in 1987.</line>
  <line>Governor Alma Reyes declared a state of emergency.</line>
  <line>Hundreds of acres of farmland were ruined by the flood along the Marrow river.</line>
  <line>The damage could reach twelve million dollars.</line>
  <line>Two fishermen remained missing on Friday after the flood in Elmsford.</line>
  <line></line>
  <line>---------------</line>
  <line> D0706-B.M.100.B.E</line>
  <line>---------------</line>
  <line></line>
  <line>Electricity failed in nine thousand homes in the town of Elmsford.</line>
  <line>The old stone bridge was closed to traffic near the town of Elmsford.</line>
  <line>The last major flood in Elmsford happened in 1987.</line>
  <line>The cost of the damage was estimated at twelve million dollars.</line>
  <line>Two local men, according to local radio, were reported missing after the flood in Elmsford.</line>
  <line>The army sent rescue boats.</line>
  <line>The river level, officials said, dropped slowly on Sunday.</line>
  <line>Shelters for the evacuated families, a spokesman said, were set up in the school gym.</line>
  <line>Hundreds of acres of farmland were under water near the town of Elmsford.</line>
  <line>Drinking water in Elmsford, residents reported, had to be boiled before use.</line>
  <line>Many residents said the flood warning came too late.</line>
  <line></line>
  <line>---------------</line>
  <line> D0706-B.M.100.B.I</line>
  <line>---------------</line>
  <line></line>
  <line>Power was cut to nine thousand homes in the town of Elmsford.</line>
  <line>The army, according to local radio, brought boats to rescue stranded families.</line>
  <line>The last major flood in Elmsford was in 1987.</line>
  <line>Tap water was declared unsafe.</line>
  <line>The cost of the damage could reach twelve million dollars.</line>
  <line>Two fishermen were reported missing after the flood in Elmsford.</line>
 </text>
 <scu uid="5" label="Shelters opened in the school gym">
  <contributor label="Shelters for the evacuated families...were set up in the school gym">
   <part label="Shelters for the evacuated families" start="1197" end="1232"/>
   <part label="were set up in the school gym" start="1252" end="1281"/>
  </contributor>
 </scu>
 <scu uid="6" label="Two people were missing">
  <contributor label="Two fishermen...remained missing on Friday near the Marrow river">
   <part label="Two fishermen" start="187" end="200"/>
   <part label="remained missing on Friday near the Marrow river" start="220" end="268"/>
  </contributor>
  <contributor label="Two fishermen remained missing on Friday after the flood in Elmsford">
   <part label="Two fishermen remained missing on Friday after the flood in Elmsford" start="643" end="711"/>
  </contributor>
  <contributor label="Two local men...were reported missing after the flood in Elmsford">
   <part label="Two local men" start="1018" end="1031"/>
   <part label="were reported missing after the flood in Elmsford" start="1059" end="1108"/>
  </contributor>
  <contributor label="Two fishermen were reported missing after the flood in Elmsford">
   <part label="Two fishermen were reported missing after the flood in Elmsford" start="1817" end="1880"/>
  </contributor>
 </scu>
 <scu uid="7" label="The main bridge was closed">
  <contributor label="The old stone bridge was closed to traffic near the town of Elmsford">
   <part label="The old stone bridge was closed to traffic near the town of Elmsford" start="833" end="901"/>
  </contributor>
 </scu>
 <scu uid="8" label="Power was cut to many homes">
  <contributor label="Electricity failed in nine thousand homes across the county">
   <part label="Electricity failed in nine thousand homes across the county" start="323" end="382"/>
  </contributor>
  <contributor label="Electricity failed in nine thousand homes in the town of Elmsford">
   <part label="Electricity failed in nine thousand homes in the town of Elmsford" start="766" end="831"/>
  </contributor>
  <contributor label="Power was cut to nine thousand homes in the town of Elmsford">
   <part label="Power was cut to nine thousand homes in the town of Elmsford" start="1540" end="1600"/>
  </contributor>
 </scu>
 <scu uid="9" label="The governor declared a state of emergency">
  <contributor label="The governor announced an emergency for the county">
   <part label="The governor announced an emergency for the county" start="91" end="141"/>
  </contributor>
  <contributor label="Governor Alma Reyes declared a state of emergency">
   <part label="Governor Alma Reyes declared a state of emergency" start="466" end="515"/>
  </contributor>
 </scu>
 <scu uid="10" label="The army sent boats">
  <contributor label="The army sent rescue boats">
   <part label="The army sent rescue boats" start="1110" end="1136"/>
  </contributor>
  <contributor label="The army...brought boats to rescue stranded families">
   <part label="The army" start="1602" end="1610"/>
   <part label="brought boats to rescue stranded families" start="1638" end="1679"/>
  </contributor>
 </scu>
 <scu uid="11" label="Farmland was damaged">
  <contributor label="Hundreds of acres of farmland were ruined by the flood along the Marrow river">
   <part label="Hundreds of acres of farmland were ruined by the flood along the Marrow river" start="517" end="594"/>
  </contributor>
  <contributor label="Hundreds of acres of farmland were under water near the town of Elmsford">
   <part label="Hundreds of acres of farmland were under water near the town of Elmsford" start="1283" end="1355"/>
  </contributor>
 </scu>
 <scu uid="12" label="The water began to fall on Sunday">
  <contributor label="The river level...dropped slowly on Sunday">
   <part label="The river level" start="1138" end="1153"/>
   <part label="dropped slowly on Sunday" start="1171" end="1195"/>
  </contributor>
 </scu>
 <scu uid="13" label="Damage was estimated at twelve million dollars">
  <contributor label="The damage could reach twelve million dollars">
   <part label="The damage could reach twelve million dollars" start="596" end="641"/>
  </contributor>
  <contributor label="The cost of the damage was estimated at twelve million dollars">
   <part label="The cost of the damage was estimated at twelve million dollars" start="954" end="1016"/>
  </contributor>
  <contributor label="The cost of the damage could reach twelve million dollars">
   <part label="The cost of the damage could reach twelve million dollars" start="1758" end="1815"/>
  </contributor>
 </scu>
 <scu uid="14" label="Residents criticised the slow warning">
  <contributor label="Many residents criticised the slow warning">
   <part label="Many residents criticised the slow warning" start="143" end="185"/>
  </contributor>
  <contributor label="Many residents said the flood warning came too late">
   <part label="Many residents said the flood warning came too late" start="1434" end="1485"/>
  </contributor>
 </scu>
 <scu uid="15" label="Drinking water was unsafe">
  <contributor label="Tap water had to be boiled before use">
   <part label="Tap water had to be boiled before use" start="384" end="421"/>
  </contributor>
  <contributor label="Drinking water in Elmsford...had to be boiled before use">
   <part label="Drinking water in Elmsford" start="1357" end="1383"/>
   <part label="had to be boiled before use" start="1405" end="1432"/>
  </contributor>
  <contributor label="Tap water was declared unsafe">
   <part label="Tap water was declared unsafe" start="1727" end="1756"/>
  </contributor>
 </scu>
 <scu uid="16" label="The last major flood was in 1987">
  <contributor label="The previous great flood was in 1987">
   <part label="The previous great flood was in 1987" start="53" end="89"/>
  </contributor>
  <contributor label="The previous great flood happened in 1987">
   <part label="The previous great flood happened in 1987" start="423" end="464"/>
  </contributor>
  <contributor label="The last major flood in Elmsford happened in 1987">
   <part label="The last major flood in Elmsford happened in 1987" start="903" end="952"/>
  </contributor>
  <contributor label="The last major flood in Elmsford was in 1987">
   <part label="The last major flood in Elmsford was in 1987" start="1681" end="1725"/>
  </contributor>
 </scu>
</pyramid>
<annotation>
 <text>
  <line>Weather experts expect a dry summer.</line>
  <line>Hundreds of acres of farmland were under water near the town of Elmsford.</line>
  <line>The damage was estimated at twelve million dollars.</line>
  <line>Power was cut to nine thousand homes across the county.</line>
  <line>Two fishermen remained missing on Friday near the Marrow river.</line>
  <line>A local bakery handed out free bread to volunteers.</line>
  <line>National guard troops, residents reported, sent rescue boats.</line>
  <line>Governor Alma Reyes declared a state of emergency.</line>
  <line>The old stone bridge was shut by the police near the town of Elmsford.</line>
  <line>The previous great flood was in 1987.</line>
 </text>
 <peerscu uid="16" label="(4) The last major flood was in 1987">
  <contributor label="The previous great flood was in 1987">
   <part label="The previous great flood was in 1987" start="519" end="555"/>
  </contributor>
 </peerscu>
 <peerscu uid="6" label="(4) Two people were missing">
  <contributor label="Two fishermen remained missing on Friday near the Marrow river">
   <part label="Two fishermen remained missing on Friday near the Marrow river" start="219" end="281"/>
  </contributor>
 </peerscu>
 <peerscu uid="13" label="(3) Damage was estimated at twelve million dollars">
  <contributor label="The damage was estimated at twelve million dollars">
   <part label="The damage was estimated at twelve million dollars" start="111" end="161"/>
  </contributor>
 </peerscu>
 <peerscu uid="15" label="(3) Drinking water was unsafe">
 </peerscu>
 <peerscu uid="8" label="(3) Power was cut to many homes">
  <contributor label="Power was cut to nine thousand homes across the county">
   <part label="Power was cut to nine thousand homes across the county" start="163" end="217"/>
  </contributor>
 </peerscu>
 <peerscu uid="11" label="(2) Farmland was damaged">
  <contributor label="Hundreds of acres of farmland were under water near the town of Elmsford">
   <part label="Hundreds of acres of farmland were under water near the town of Elmsford" start="37" end="109"/>
  </contributor>
 </peerscu>
 <peerscu uid="14" label="(2) Residents criticised the slow warning">
 </peerscu>
 <peerscu uid="10" label="(2) The army sent boats">
  <contributor label="National guard troops...sent rescue boats">
   <part label="National guard troops" start="335" end="356"/>
   <part label="sent rescue boats" start="378" end="395"/>
  </contributor>
 </peerscu>
 <peerscu uid="9" label="(2) The governor declared a state of emergency">
  <contributor label="Governor Alma Reyes declared a state of emergency">
   <part label="Governor Alma Reyes declared a state of emergency" start="397" end="446"/>
  </contributor>
 </peerscu>
 <peerscu uid="5" label="(1) Shelters opened in the school gym">
 </peerscu>
 <peerscu uid="7" label="(1) The main bridge was closed">
  <contributor label="The old stone bridge was shut by the police near the town of Elmsford">
   <part label="The old stone bridge was shut by the police near the town of Elmsford" start="448" end="517"/>
  </contributor>
 </peerscu>
 <peerscu uid="12" label="(1) The water began to fall on Sunday">
 </peerscu>
 <peerscu uid="0" label="All non-matching SCUs go here">
  <contributor label="Weather experts expect a dry summer">
   <part label="Weather experts expect a dry summer" start="0" end="35"/>
  </contributor>
 </peerscu>
</annotation>
</peerAnnotation>
