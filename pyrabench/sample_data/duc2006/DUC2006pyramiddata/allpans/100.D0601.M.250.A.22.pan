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
<startDocumentRegEx><![CDATA[[-]*\n(\s*)D[0-9]*\.M\.250\.[A-Z]\.[A-Z]\n[-]*\n]]></startDocumentRegEx>
 <text>
  <line></line>
  <line>---------------</line>
  <line>D0601.M.250.A.A</line>
  <line>---------------</line>
  <line></line>
  <line>Governor Alma Reyes announced an emergency for the county.</line>
  <line>Angry shop owners criticised the slow warning.</line>
  <line>Seventy hours of steady rain, the report said, set off the flooding.</line>
  <line>Drinking water in Elmsford had to be boiled before use.</line>
  <line>The swollen Marrow river, officials said, overflowed its banks.</line>
  <line>Fields of wheat near the river, officials said, were ruined by the flood near the town of Elmsford.</line>
  <line>Some 400 people in Elmsford had to leave their homes from homes near the Marrow river.</line>
  <line>The cost of the damage was estimated at twelve million dollars.</line>
  <line>Two local men, according to local radio, remained missing on Friday after the flood in Elmsford.</line>
  <line></line>
  <line>---------------</line>
  <line>D0601.M.250.A.B</line>
  <line>---------------</line>
  <line></line>
  <line>The army brought boats to rescue stranded families.</line>
  <line>Seventy hours of steady rain caused the flood.</line>
  <line>Emergency shelters, residents reported, opened in the high school gym.</line>
  <line>The damage was estimated at twelve million dollars.</line>
  <line>The last major flood in Elmsford was in 1987.</line>
  <line>Two local men, officials said, were reported missing near the Marrow river.</line>
  <line>Governor Alma Reyes declared a state of emergency.</line>
  <line>The water began to fall on Sunday.</line>
  <line></line>
  <line>---------------</line>
  <line>D0601.M.250.A.C</line>
  <line>---------------</line>
  <line></line>
  <line>The governor announced an emergency for the county.</line>
  <line>Electricity was cut to nine thousand homes across the county.</line>
  <line>The cost of the damage could reach twelve million dollars.</line>
  <line>Two fishermen, residents reported, remained missing on Friday after the flood in Elmsford.</line>
  <line>Drinking water in Elmsford was declared unsafe.</line>
  <line>Muddy water swept through Elmsford.</line>
  <line>Some 400 people in Elmsford, according to local radio, were evacuated from the town of Elmsford.</line>
  <line></line>
  <line>---------------</line>
  <line>D0601.M.250.A.E</line>
  <line>---------------</line>
  <line></line>
  <line>Power, the report said, failed in nine thousand homes in the town of Elmsford.</line>
  <line>The water dropped slowly on Sunday.</line>
  <line>The main bridge over the Marrow was shut by the police near the town of Elmsford.</line>
  <line>About four hundred residents, the report said, were moved to safety from homes near the Marrow river.</line>
  <line>Muddy water poured into the town of Elmsford.</line>
  <line>The damage could reach twelve million dollars.</line>
  <line>Two fishermen, residents reported, remained missing on Friday near the Marrow river.</line>
  <line>Tap water was declared unsafe.</line>
 </text>
 <scu uid="1" label="The Marrow river burst its banks">
  <contributor label="The swollen Marrow river...overflowed its banks">
   <part label="The swollen Marrow river" start="283" end="307"/>
   <part label="overflowed its banks" start="323" end="343"/>
  </contributor>
 </scu>
 <scu uid="2" label="The flood hit the town of Elmsford">
  <contributor label="Muddy water swept through Elmsford">
   <part label="Muddy water swept through Elmsford" start="1535" end="1569"/>
  </contributor>
  <contributor label="Muddy water poured into the town of Elmsford">
   <part label="Muddy water poured into the town of Elmsford" start="2017" end="2061"/>
  </contributor>
 </scu>
 <scu uid="3" label="Three days of heavy rain caused the flood">
  <contributor label="Seventy hours of steady rain...set off the flooding">
   <part label="Seventy hours of steady rain" start="156" end="184"/>
   <part label="set off the flooding" start="203" end="223"/>
  </contributor>
  <contributor label="Seventy hours of steady rain caused the flood">
   <part label="Seventy hours of steady rain caused the flood" start="795" end="840"/>
  </contributor>
 </scu>
 <scu uid="4" label="Four hundred residents were evacuated">
  <contributor label="Some 400 people in Elmsford had to leave their homes from homes near the Marrow river">
   <part label="Some 400 people in Elmsford had to leave their homes from homes near the Marrow river" start="445" end="530"/>
  </contributor>
  <contributor label="Some 400 people in Elmsford...were evacuated from the town of Elmsford">
   <part label="Some 400 people in Elmsford" start="1571" end="1598"/>
   <part label="were evacuated from the town of Elmsford" start="1626" end="1666"/>
  </contributor>
  <contributor label="About four hundred residents...were moved to safety from homes near the Marrow river">
   <part label="About four hundred residents" start="1915" end="1943"/>
   <part label="were moved to safety from homes near the Marrow river" start="1962" end="2015"/>
  </contributor>
 </scu>
 <scu uid="5" label="Shelters opened in the school gym">
  <contributor label="Emergency shelters...opened in the high school gym">
   <part label="Emergency shelters" start="842" end="860"/>
   <part label="opened in the high school gym" start="882" end="911"/>
  </contributor>
 </scu>
 <scu uid="6" label="Two people were missing">
  <contributor label="Two local men...remained missing on Friday after the flood in Elmsford">
   <part label="Two local men" start="596" end="609"/>
   <part label="remained missing on Friday after the flood in Elmsford" start="637" end="691"/>
  </contributor>
  <contributor label="Two local men...were reported missing near the Marrow river">
   <part label="Two local men" start="1011" end="1024"/>
   <part label="were reported missing near the Marrow river" start="1042" end="1085"/>
  </contributor>
  <contributor label="Two fishermen...remained missing on Friday after the flood in Elmsford">
   <part label="Two fishermen" start="1396" end="1409"/>
   <part label="remained missing on Friday after the flood in Elmsford" start="1431" end="1485"/>
  </contributor>
  <contributor label="Two fishermen...remained missing on Friday near the Marrow river">
   <part label="Two fishermen" start="2110" end="2123"/>
   <part label="remained missing on Friday near the Marrow river" start="2145" end="2193"/>
  </contributor>
 </scu>
 <scu uid="7" label="The main bridge was closed">
  <contributor label="The main bridge over the Marrow was shut by the police near the town of Elmsford">
   <part label="The main bridge over the Marrow was shut by the police near the town of Elmsford" start="1833" end="1913"/>
  </contributor>
 </scu>
 <scu uid="8" label="Power was cut to many homes">
  <contributor label="Electricity was cut to nine thousand homes across the county">
   <part label="Electricity was cut to nine thousand homes across the county" start="1275" end="1335"/>
  </contributor>
  <contributor label="Power...failed in nine thousand homes in the town of Elmsford">
   <part label="Power" start="1718" end="1723"/>
   <part label="failed in nine thousand homes in the town of Elmsford" start="1742" end="1795"/>
  </contributor>
 </scu>
 <scu uid="9" label="The governor declared a state of emergency">
  <contributor label="Governor Alma Reyes announced an emergency for the county">
   <part label="Governor Alma Reyes announced an emergency for the county" start="50" end="107"/>
  </contributor>
  <contributor label="Governor Alma Reyes declared a state of emergency">
   <part label="Governor Alma Reyes declared a state of emergency" start="1087" end="1136"/>
  </contributor>
  <contributor label="The governor announced an emergency for the county">
   <part label="The governor announced an emergency for the county" start="1223" end="1273"/>
  </contributor>
 </scu>
 <scu uid="10" label="The army sent boats">
  <contributor label="The army brought boats to rescue stranded families">
   <part label="The army brought boats to rescue stranded families" start="743" end="793"/>
  </contributor>
 </scu>
 <scu uid="11" label="Farmland was damaged">
  <contributor label="Fields of wheat near the river...were ruined by the flood near the town of Elmsford">
   <part label="Fields of wheat near the river" start="345" end="375"/>
   <part label="were ruined by the flood near the town of Elmsford" start="393" end="443"/>
  </contributor>
 </scu>
 <scu uid="12" label="The water began to fall on Sunday">
  <contributor label="The water began to fall on Sunday">
   <part label="The water began to fall on Sunday" start="1138" end="1171"/>
  </contributor>
  <contributor label="The water dropped slowly on Sunday">
   <part label="The water dropped slowly on Sunday" start="1797" end="1831"/>
  </contributor>
 </scu>
 <scu uid="13" label="Damage was estimated at twelve million dollars">
  <contributor label="The cost of the damage was estimated at twelve million dollars">
   <part label="The cost of the damage was estimated at twelve million dollars" start="532" end="594"/>
  </contributor>
  <contributor label="The damage was estimated at twelve million dollars">
   <part label="The damage was estimated at twelve million dollars" start="913" end="963"/>
  </contributor>
  <contributor label="The cost of the damage could reach twelve million dollars">
   <part label="The cost of the damage could reach twelve million dollars" start="1337" end="1394"/>
  </contributor>
  <contributor label="The damage could reach twelve million dollars">
   <part label="The damage could reach twelve million dollars" start="2063" end="2108"/>
  </contributor>
 </scu>
 <scu uid="14" label="Residents criticised the slow warning">
  <contributor label="Angry shop owners criticised the slow warning">
   <part label="Angry shop owners criticised the slow warning" start="109" end="154"/>
  </contributor>
 </scu>
 <scu uid="15" label="Drinking water was unsafe">
  <contributor label="Drinking water in Elmsford had to be boiled before use">
   <part label="Drinking water in Elmsford had to be boiled before use" start="225" end="279"/>
  </contributor>
  <contributor label="Drinking water in Elmsford was declared unsafe">
   <part label="Drinking water in Elmsford was declared unsafe" start="1487" end="1533"/>
  </contributor>
  <contributor label="Tap water was declared unsafe">
   <part label="Tap water was declared unsafe" start="2195" end="2224"/>
  </contributor>
 </scu>
 <scu uid="16" label="The last major flood was in 1987">
  <contributor label="The last major flood in Elmsford was in 1987">
   <part label="The last major flood in Elmsford was in 1987" start="965" end="1009"/>
  </contributor>
 </scu>
</pyramid>
<annotation>
 <text>
  <line>Some 400 people in Elmsford, residents reported, were evacuated from the town of Elmsford.</line>
  <line>The Marrow river overflowed its banks.</line>
  <line>Weather experts expect a dry summer.</line>
  <line>Power was cut to nine thousand homes in the town of Elmsford.</line>
  <line>The town fair was moved to September.</line>
  <line>The governor announced an emergency for the county.</line>
  <line>Tap water had to be boiled before use.</line>
  <line>The main bridge over the Marrow was closed to traffic on Thursday.</line>
  <line>Shelters for the evacuated families, residents reported, opened in the high school gym.</line>
 </text>
 <peerscu uid="13" label="(4) Damage was estimated at twelve million dollars">
 </peerscu>
 <peerscu uid="6" label="(4) Two people were missing">
 </peerscu>
 <peerscu uid="15" label="(3) Drinking water was unsafe">
  <contributor label="Tap water had to be boiled before use">
   <part label="Tap water had to be boiled before use" start="319" end="356"/>
  </contributor>
 </peerscu>
 <peerscu uid="4" label="(3) Four hundred residents were evacuated">
  <contributor label="Some 400 people in Elmsford...were evacuated from the town of Elmsford">
   <part label="Some 400 people in Elmsford" start="0" end="27"/>
   <part label="were evacuated from the town of Elmsford" start="49" end="89"/>
  </contributor>
 </peerscu>
 <peerscu uid="9" label="(3) The governor declared a state of emergency">
  <contributor label="The governor announced an emergency for the county">
   <part label="The governor announced an emergency for the county" start="267" end="317"/>
  </contributor>
 </peerscu>
 <peerscu uid="8" label="(2) Power was cut to many homes">
  <contributor label="Power was cut to nine thousand homes in the town of Elmsford">
   <part label="Power was cut to nine thousand homes in the town of Elmsford" start="167" end="227"/>
  </contributor>
 </peerscu>
 <peerscu uid="2" label="(2) The flood hit the town of Elmsford">
 </peerscu>
 <peerscu uid="12" label="(2) The water began to fall on Sunday">
 </peerscu>
 <peerscu uid="3" label="(2) Three days of heavy rain caused the flood">
 </peerscu>
 <peerscu uid="11" label="(1) Farmland was damaged">
 </peerscu>
 <peerscu uid="14" label="(1) Residents criticised the slow warning">
 </peerscu>
 <peerscu uid="5" label="(1) Shelters opened in the school gym">
  <contributor label="Shelters for the evacuated families...opened in the high school gym">
   <part label="Shelters for the evacuated families" start="425" end="460"/>
   <part label="opened in the high school gym" start="482" end="511"/>
  </contributor>
 </peerscu>
 <peerscu uid="1" label="(1) The Marrow river burst its banks">
  <contributor label="The Marrow river overflowed its banks">
   <part label="The Marrow river overflowed its banks" start="91" end="128"/>
  </contributor>
 </peerscu>
 <peerscu uid="10" label="(1) The army sent boats">
 </peerscu>
 <peerscu uid="16" label="(1) The last major flood was in 1987">
 </peerscu>
 <peerscu uid="7" label="(1) The main bridge was closed">
  <contributor label="The main bridge over the Marrow was closed to traffic on Thursday">
   <part label="The main bridge over the Marrow was closed to traffic on Thursday" start="358" end="423"/>
  </contributor>
 </peerscu>
 <peerscu uid="0" label="All non-matching SCUs go here">
  <contributor label="Weather experts expect a dry summer">
   <part label="Weather experts expect a dry summer" start="130" end="165"/>
  </contributor>
 </peerscu>
</annotation>
</peerAnnotation>
